import { FlaskConical } from "lucide-react";
import { DEMO_STAFF_LOGIN } from "@/lib/demo";

/** Shown on every staff screen when the server runs as a public demonstration (DEMO_MODE=true). */
export function DemoModeBanner({ showLogin = false }: { showLogin?: boolean }) {
  return (
    <div role="note" className="flex items-start gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong>Demo mode.</strong> Sample data, and a staff login anyone may use
        {showLogin ? (
          <>
            {" "}
            (<code className="font-semibold">{DEMO_STAFF_LOGIN.username}</code> /{" "}
            <code className="font-semibold">{DEMO_STAFF_LOGIN.password}</code>)
          </>
        ) : null}
        . Do not enter real customers&apos; details.
      </p>
    </div>
  );
}
