import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

/** The outlined "View Services" button that sits beside a page's main call to action. */
export function ViewServicesLink() {
  return (
    <Link href="/services" className={buttonClasses("outline", "lg")}>
      View Services
    </Link>
  );
}
