import { toast } from "@/components/toast/toast-store";

/** Copies a key, secret or address, and says whether it worked (a browser may refuse the clipboard). */
export async function copyToClipboard(text: string, { copied, fallback }: { copied: string; fallback: string }) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Copied", description: copied });
  } catch {
    toast({ title: "Copy failed", description: fallback, variant: "destructive" });
  }
}
