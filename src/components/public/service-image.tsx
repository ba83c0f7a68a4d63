import { cn } from "@/lib/cn";
import { CategoryIcon } from "./category-icon";
import type { CatalogueService } from "./service-types";

const BASIC_IMAGE = "/images/service-basic-mowing.svg";
const PREMIUM_IMAGE = "/images/service-premium-care.svg";

/** Services page: images are matched by the service's name. */
export function serviceImageFor(name: string): string | null {
  const lower = name.toLowerCase();
  if (lower.includes("basic") || lower.includes("lawn mowing")) return BASIC_IMAGE;
  if (lower.includes("premium") || lower.includes("full service")) return PREMIUM_IMAGE;
  return null;
}

const PLACEHOLDER_TINTS: Record<CatalogueService["category"], string> = {
  mowing: "bg-brand-100 text-brand-700",
  trimming: "bg-lime-100 text-lime-800",
  cleanup: "bg-amber-100 text-amber-800",
  fertilization: "bg-emerald-100 text-emerald-800",
  planting: "bg-rose-100 text-rose-800",
};

/**
 * The card's picture: the name-matched illustration, else a tinted placeholder with the category icon.
 * A plain <img>: the pictures are small SVGs that next/image would not resize, and its client
 * component would add JavaScript to every page with a card. `priority` marks the first card, which
 * is the largest paint on phones.
 */
export function ServiceImage({
  service,
  className,
  priority = false,
}: {
  service: CatalogueService;
  className?: string;
  priority?: boolean;
}) {
  const src = serviceImageFor(service.name) ?? (service.imageUrl?.startsWith("/") ? service.imageUrl : null);
  if (src) {
    return (
      <img
        src={src}
        alt=""
        width={400}
        height={240}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className={cn("aspect-[5/3] w-full object-cover", className)}
      />
    );
  }
  return (
    <div className={cn("flex aspect-[5/3] w-full items-center justify-center", PLACEHOLDER_TINTS[service.category], className)}>
      <CategoryIcon category={service.category} className="size-14 opacity-80" />
    </div>
  );
}
