"use client";

import { Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import type { CrewProduct } from "@/lib/crew-day";
import { ZApplicationInput, type TApplicationInput } from "@/lib/validation/applications";

/** A staff member the office may name as the applicator, with whether their license is good today. */
export interface ApplicatorChoice {
  staffUserId: number;
  name: string;
  validToday: boolean;
  reason: string | null;
}

interface ProductLine {
  id: number;
  productId: number | null;
  /** What the crew typed; null while the amount follows the default rate over the area. */
  amount: string | null;
  mixed: boolean;
  mixingRate: string;
  totalMix: string;
}

const WIND_DIRECTIONS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW", "Calm", "Variable"];
const fieldClass = "mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-base focus:border-brand-600";
const labelClass = "block text-sm font-medium text-gray-800";

/** The product's default rate per 1,000 sq ft over the area, in thousandths as records keep it. */
export function defaultAmount(product: CrewProduct | undefined, areaSqFt: number): string {
  if (!product || !Number.isFinite(areaSqFt) || areaSqFt <= 0) return "";
  return String(Math.round(product.defaultRate * areaSqFt) / 1000);
}

let lineSequence = 0;
const newLine = (productId: number | null = null): ProductLine => ({
  id: lineSequence++,
  productId,
  amount: null,
  mixed: false,
  mixingRate: "",
  totalMix: "",
});

/**
 * The application record's form (docs/product-rules.md#application-records): the products from
 * the list with their amounts (or mixing rate and total mix), the area treated, the target, the
 * weather. The crew's phone and the office's visit use it alike; the office also picks the
 * applicator. `children` come before the button (the crew's note).
 */
export function ApplicationForm(props: {
  products: CrewProduct[];
  defaults: { areaSqFt: number | null; targetPest: string | null; input?: TApplicationInput };
  applicators?: ApplicatorChoice[];
  submitLabel: string;
  /** Amendments say why. */
  askReason?: boolean;
  children?: ReactNode;
  onSubmit: (input: TApplicationInput, form: FormData) => Promise<void>;
  onCancel: () => void;
}) {
  const { products, defaults } = props;
  const [area, setArea] = useState(String(defaults.input?.areaTreatedSqFt ?? defaults.areaSqFt ?? ""));
  const [lines, setLines] = useState<ProductLine[]>(() =>
    defaults.input
      ? defaults.input.products.map((product) => ({
          ...newLine(product.productId),
          amount: product.amount == null ? null : String(product.amount),
          mixed: Boolean(product.mixingRate),
          mixingRate: product.mixingRate ?? "",
          totalMix: product.totalMix ?? "",
        }))
      : [newLine(products[0]?.id ?? null)],
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const areaSqFt = Number(area);
  const productOf = (id: number | null) => products.find((product) => product.id === id);
  const change = (id: number, patch: Partial<ProductLine>) =>
    setLines((current) => current.map((line) => (line.id === id ? { ...line, ...patch } : line)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const applicator = form.get("applicator");
    const parsed = ZApplicationInput.safeParse({
      products: lines.map((line) => ({
        productId: line.productId ?? 0,
        amount: line.mixed ? null : Number(line.amount ?? defaultAmount(productOf(line.productId), areaSqFt)) || 0,
        mixingRate: line.mixed ? line.mixingRate : null,
        totalMix: line.mixed ? line.totalMix : null,
      })),
      areaTreatedSqFt: area.trim() === "" ? undefined : Number(area),
      targetPest: String(form.get("targetPest") ?? ""),
      windSpeedMph: String(form.get("windSpeedMph") ?? "").trim() === "" ? undefined : Number(form.get("windSpeedMph")),
      windDirection: String(form.get("windDirection") ?? "") || null,
      temperatureF: String(form.get("temperatureF") ?? "").trim() === "" ? undefined : Number(form.get("temperatureF")),
      applicatorStaffUserId: applicator ? Number(applicator) : null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the record");
    if (props.askReason && !String(form.get("reason") ?? "").trim()) return setError("Say why the record is corrected");
    setBusy(true);
    setError(null);
    try {
      await props.onSubmit(parsed.data, form);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The record was not saved.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-3"
      aria-label="Application record"
      data-testid="application-form"
    >
      <p className="text-sm font-semibold text-gray-900">Application record</p>
      {products.length === 0 ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          No products are on the active list: the office adds them in Settings → Products.
        </p>
      ) : null}
      {props.applicators ? (
        <label className={labelClass}>
          Applicator
          <select
            name="applicator"
            className={fieldClass}
            defaultValue={defaults.input?.applicatorStaffUserId ?? props.applicators.find((a) => a.validToday)?.staffUserId ?? ""}
          >
            <option value="">Pick the applicator</option>
            {props.applicators.map((applicator) => (
              <option key={applicator.staffUserId} value={applicator.staffUserId}>
                {applicator.name}
                {applicator.validToday ? "" : ` (${applicator.reason ?? "license not valid"})`}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className={labelClass}>
        Area treated (sq ft)
        <input
          name="areaTreatedSqFt"
          inputMode="numeric"
          value={area}
          onChange={(event) => setArea(event.target.value)}
          className={fieldClass}
        />
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">Products applied</legend>
        {lines.map((line, index) => {
          const product = productOf(line.productId);
          return (
            <div key={line.id} className="space-y-2 rounded-md border border-gray-200 bg-white p-2" data-testid="application-product">
              <div className="flex items-end gap-2">
                <label className={`${labelClass} min-w-0 flex-1`}>
                  Product {index + 1}
                  <select
                    value={line.productId ?? ""}
                    onChange={(event) => change(line.id, { productId: Number(event.target.value) || null, amount: null })}
                    className={fieldClass}
                  >
                    <option value="">Pick a product</option>
                    {products.map((choice) => (
                      <option key={choice.id} value={choice.id}>
                        {choice.name} (EPA {choice.epaRegistrationNumber})
                      </option>
                    ))}
                  </select>
                </label>
                {lines.length > 1 ? (
                  <button
                    type="button"
                    aria-label={`Remove product ${index + 1}`}
                    className="flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-gray-300 text-gray-700"
                    onClick={() => setLines((current) => current.filter((other) => other.id !== line.id))}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                ) : null}
              </div>
              {line.mixed ? (
                <div className="grid grid-cols-2 gap-2">
                  <label className={labelClass}>
                    Mixing rate
                    <input
                      value={line.mixingRate}
                      onChange={(event) => change(line.id, { mixingRate: event.target.value })}
                      placeholder={product?.mixingRate ?? "1.5 fl oz/gal"}
                      className={fieldClass}
                    />
                  </label>
                  <label className={labelClass}>
                    Total mix
                    <input
                      value={line.totalMix}
                      onChange={(event) => change(line.id, { totalMix: event.target.value })}
                      placeholder="4 gal"
                      className={fieldClass}
                    />
                  </label>
                </div>
              ) : (
                <label className={labelClass}>
                  Amount applied{product ? ` (${product.unit})` : ""}
                  <input
                    inputMode="decimal"
                    value={line.amount ?? defaultAmount(product, areaSqFt)}
                    onChange={(event) => change(line.id, { amount: event.target.value })}
                    className={fieldClass}
                  />
                  {product ? (
                    <span className="mt-0.5 block text-xs text-gray-600">
                      Default {product.defaultRate} {product.unit} per 1,000 sq ft
                    </span>
                  ) : null}
                </label>
              )}
              <button
                type="button"
                className="min-h-11 text-sm font-medium text-brand-800 underline"
                onClick={() => change(line.id, { mixed: !line.mixed })}
              >
                {line.mixed ? "Give the amount instead" : "Give the mixing rate and total mix instead"}
              </button>
            </div>
          );
        })}
        {lines.length < 10 ? (
          <button
            type="button"
            className="flex min-h-11 items-center gap-1 rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-800"
            onClick={() => setLines((current) => [...current, newLine()])}
          >
            <Plus aria-hidden="true" className="size-4" /> Add a product
          </button>
        ) : null}
      </fieldset>
      <label className={labelClass}>
        Target pest or purpose
        <input
          name="targetPest"
          defaultValue={defaults.input?.targetPest ?? defaults.targetPest ?? ""}
          maxLength={200}
          className={fieldClass}
        />
      </label>
      <div className="grid grid-cols-2 gap-2">
        <label className={labelClass}>
          Wind (mph)
          <input name="windSpeedMph" inputMode="numeric" defaultValue={defaults.input?.windSpeedMph ?? ""} className={fieldClass} />
        </label>
        <label className={labelClass}>
          Direction
          <select name="windDirection" defaultValue={defaults.input?.windDirection ?? ""} className={fieldClass}>
            <option value="">Not noted</option>
            {WIND_DIRECTIONS.map((direction) => (
              <option key={direction} value={direction}>
                {direction}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Temperature (°F)
          <input name="temperatureF" inputMode="numeric" defaultValue={defaults.input?.temperatureF ?? ""} className={fieldClass} />
        </label>
      </div>
      {props.askReason ? (
        <label className={labelClass}>
          Why is it corrected?
          <textarea name="reason" rows={2} maxLength={500} className={fieldClass} />
        </label>
      ) : null}
      {props.children}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 flex-1 rounded-lg bg-brand-700 px-4 font-semibold text-white disabled:opacity-60"
        >
          {busy ? "Saving…" : props.submitLabel}
        </button>
        <button
          type="button"
          onClick={props.onCancel}
          className="min-h-11 rounded-lg border border-gray-300 px-4 font-medium text-gray-800"
        >
          Back
        </button>
      </div>
    </form>
  );
}
