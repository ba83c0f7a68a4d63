import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SERVICE_CATALOGUE } from "@/server/app/seed-data";
import { FALLBACK_SERVICES } from "./fallback-services";
import { homeServices } from "./home-services";
import { serviceImageFor } from "./service-image";
import { ServiceCardSkeletons } from "./service-skeletons";
import { ServicesCatalogue } from "./services-catalogue";
import type { CatalogueService } from "./service-types";

// The services grid is rendered on the server, so the browser never sees an empty list to stub:
// these tests give the server component the catalogue directly (loadCatalogue turns a failure into
// an empty one).
async function renderCatalogue(services: Promise<CatalogueService[]>) {
  return renderToStaticMarkup(await ServicesCatalogue({ services }));
}

function headings(html: string) {
  return [...html.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((match) => match[1]?.replace("&amp;", "&"));
}

const catalogue: CatalogueService[] = SERVICE_CATALOGUE.map((service, index) => ({
  id: index + 1,
  name: service.name,
  description: service.description ?? null,
  price: service.price,
  pricePerSqFt: service.pricePerSqFt ?? null,
  category: service.category ?? "mowing",
  duration: service.duration,
  estimatedDuration: service.duration,
  isPopular: service.isPopular ?? false,
  imageUrl: null,
}));

describe("ServicesCatalogue", () => {
  it("shows the five built-in services, without category tabs, when the catalogue is empty", async () => {
    const html = await renderCatalogue(Promise.resolve([]));
    expect(headings(html)).toEqual(["Lawn Mowing", "Edging & Trimming", "Full Service Package", "Leaf Removal", "Lawn Fertilization"]);
    expect(html).not.toContain('role="tablist"');
    expect(html).toContain("$35.00");
    expect(html).toContain("Est. 90 min");
    expect(html).toContain("Professional lawn care service to keep your yard looking its best.");
    expect(html.match(/href="\/book"/g)).toHaveLength(5);
  });

  it("shows the catalogue with tabs, per-sq-ft prices and booking links when services load", async () => {
    const html = await renderCatalogue(Promise.resolve(catalogue));
    expect(headings(html)).toEqual(catalogue.map((service) => service.name));
    expect(html).toContain('role="tablist"');
    expect(html).toContain("Price based on lawn size");
    expect(html.replace(/<[^>]+>/g, "")).toContain("$0.06 / sq ft");
    expect(html).toContain('href="/book?service=2"');
    expect(html).toContain("Professional equipment");
  });
});

describe("ServiceCardSkeletons", () => {
  it("shows four skeleton cards by default while the services page loads", () => {
    const html = renderToStaticMarkup(createElement(ServiceCardSkeletons));
    expect(html.match(/data-testid="service-skeleton"/g)).toHaveLength(4);
    expect(html).toContain('aria-label="Loading services"');
  });
});

describe("serviceImageFor: mowing and premium care have pictures, other services none", () => {
  it.each([
    ["Basic Lawn Mowing", "/images/service-basic-mowing.svg"],
    ["Lawn Mowing", "/images/service-basic-mowing.svg"],
    ["Premium Lawn Care", "/images/service-premium-care.svg"],
    ["Full Service Package", "/images/service-premium-care.svg"],
    ["Leaf Removal", null],
  ])("%s gets %s", (name, image) => {
    expect(serviceImageFor(name)).toBe(image);
  });
});

describe("homeServices", () => {
  it("falls back to the spec's home prices 35.00, 25.00 and 55.00", () => {
    expect(homeServices([]).map((service) => service.price)).toEqual([3500, 2500, 5500]);
  });

  it("puts popular services first, three at most", () => {
    const shown = homeServices([...catalogue].reverse());
    expect(shown).toHaveLength(3);
    expect(shown.every((service) => service.isPopular)).toBe(true);
  });

  it("never shows more fallback services than the home grid holds", () => {
    expect(FALLBACK_SERVICES).toHaveLength(5);
    expect(homeServices([])).toHaveLength(3);
  });
});
