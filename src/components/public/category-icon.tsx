import { Flower2, Leaf, Scissors, Sprout, Tractor, type LucideIcon } from "lucide-react";
import type { ServiceCategory } from "@/server/db/schema/services";

const ICONS: Record<ServiceCategory, LucideIcon> = {
  mowing: Tractor,
  trimming: Scissors,
  cleanup: Leaf,
  fertilization: Sprout,
  planting: Flower2,
};

export const CATEGORY_LABELS: Record<ServiceCategory, string> = {
  mowing: "Mowing",
  trimming: "Trimming",
  cleanup: "Cleanup",
  fertilization: "Fertilization",
  planting: "Planting",
};

export function CategoryIcon({ category, className }: { category: ServiceCategory; className?: string }) {
  const Icon = ICONS[category];
  return <Icon className={className} aria-hidden="true" />;
}
