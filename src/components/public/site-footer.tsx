import Link from "next/link";
import { BUSINESS } from "@/lib/business";
import { FOOTER_LINKS, HEADER_LINKS } from "./nav-links";

function FooterNav({
  label,
  title,
  links,
  listClassName,
}: {
  label: string;
  title: string;
  links: ReadonlyArray<{ href: string; label: string }>;
  listClassName?: string;
}) {
  return (
    <nav aria-label={label}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-brand-200">{title}</h2>
      <ul className={listClassName ? `mt-2 ${listClassName}` : "mt-2"}>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="inline-flex min-h-11 items-center text-sm underline-offset-4 hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-brand-800 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{BUSINESS.name}</p>
          <p className="mt-2 text-sm text-brand-100">Proudly serving {BUSINESS.city} and the surrounding Hill Country communities.</p>
          <p className="mt-4 text-sm">
            <a href={BUSINESS.phoneHref} className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">
              {BUSINESS.phone}
            </a>
            <br />
            <a href={`mailto:${BUSINESS.email}`} className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">
              {BUSINESS.email}
            </a>
          </p>
        </div>
        <FooterNav label="Site" title="Explore" links={HEADER_LINKS} />
        <FooterNav label="Company" title="Company" links={FOOTER_LINKS} listClassName="grid grid-cols-2 sm:grid-cols-1" />
      </div>
      <div className="border-t border-brand-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm text-brand-100">
          © {new Date().getFullYear()} {BUSINESS.name}. Proudly serving {BUSINESS.city}, Texas.
        </p>
      </div>
    </footer>
  );
}
