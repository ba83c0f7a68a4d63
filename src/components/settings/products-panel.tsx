"use client";

import { Pencil, Plus, Trash2, Undo2 } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { CheckboxField, FieldError, SelectField, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { PRODUCT_UNITS } from "@/lib/products";
import { ZProductFormSchema } from "@/lib/validation/products";
import { api, type RouterOutputs } from "@/trpc/react";
import { PanelHeading, PanelQuery } from "./panel-parts";
import { messagesByField } from "@/lib/validation/messages-by-field";

type Product = RouterOutputs["products"]["list"][number];

/** The form as typed: numbers stay text until the schema reads them. */
interface Draft {
  name: string;
  epaRegistrationNumber: string;
  ingredients: Array<{ name: string; percent: string }>;
  unit: string;
  defaultRate: string;
  mixingRate: string;
  restrictedUse: boolean;
  keepOffAdvice: string;
}

const EMPTY: Draft = {
  name: "",
  epaRegistrationNumber: "",
  ingredients: [{ name: "", percent: "" }],
  unit: "fl oz",
  defaultRate: "",
  mixingRate: "",
  restrictedUse: false,
  keepOffAdvice: "",
};

function draftOf(product: Product): Draft {
  return {
    name: product.name,
    epaRegistrationNumber: product.epaRegistrationNumber,
    ingredients: product.activeIngredients.map((item) => ({ name: item.name, percent: String(item.percent) })),
    unit: product.unit,
    defaultRate: String(product.defaultRate),
    mixingRate: product.mixingRate ?? "",
    restrictedUse: product.restrictedUse,
    keepOffAdvice: product.keepOffAdvice ?? "",
  };
}

/** A typed number, or NaN for empty text, so the schema says its own message. */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

function parseDraft(draft: Draft) {
  return ZProductFormSchema.safeParse({
    name: draft.name,
    epaRegistrationNumber: draft.epaRegistrationNumber,
    activeIngredients: draft.ingredients.map((item) => ({ name: item.name, percent: numberOf(item.percent) })),
    unit: draft.unit,
    defaultRate: numberOf(draft.defaultRate),
    mixingRate: draft.mixingRate,
    restrictedUse: draft.restrictedUse,
    keepOffAdvice: draft.keepOffAdvice,
  });
}

/** The product's add or edit form; the schema the server uses checks it first, so both say the same words. */
function ProductForm({ product, onDone }: { product: Product | null; onDone: () => void }) {
  const utils = api.useUtils();
  const [draft, setDraft] = useState<Draft>(product ? draftOf(product) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saved = {
    onSuccess: async (saved: Product) => {
      toast({ title: product ? "Product saved" : "Product added", description: saved.name });
      await utils.products.invalidate();
      onDone();
    },
    onError: (failure: unknown) => setErrors({ form: errorMessage(failure) }),
  };
  const add = api.products.add.useMutation(saved);
  const update = api.products.update.useMutation(saved);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const setIngredient = (index: number, change: Partial<Draft["ingredients"][number]>) =>
    set({ ingredients: draft.ingredients.map((item, at) => (at === index ? { ...item, ...change } : item)) });

  return (
    <form
      method="post"
      noValidate
      aria-label={product ? `Edit ${product.name}` : "New product"}
      className="space-y-4 rounded-lg border border-gray-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseDraft(draft);
        if (!parsed.success) {
          setErrors(messagesByField(parsed.error.issues));
          return;
        }
        setErrors({});
        if (product) update.mutate({ id: product.id, ...parsed.data });
        else add.mutate(parsed.data);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Product name"
          value={draft.name}
          maxLength={200}
          onChange={(event) => set({ name: event.target.value })}
          error={errors.name}
        />
        <TextField
          label="EPA registration number"
          placeholder="e.g. 100-1070"
          inputMode="numeric"
          value={draft.epaRegistrationNumber}
          onChange={(event) => set({ epaRegistrationNumber: event.target.value })}
          error={errors.epaRegistrationNumber}
        />
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">Active ingredients</legend>
        {/* Rows have no id of their own and are only added or removed at the end, so the index keys them. */}
        {draft.ingredients.map((item, index) => (
          <div key={index} className="flex items-end gap-2">
            <TextField
              label={`Ingredient ${index + 1}`}
              className="flex-1"
              value={item.name}
              onChange={(event) => setIngredient(index, { name: event.target.value })}
              error={errors[`activeIngredients.${index}.name`]}
            />
            <TextField
              label="%"
              className="w-24"
              inputMode="decimal"
              value={item.percent}
              onChange={(event) => setIngredient(index, { percent: event.target.value })}
              error={errors[`activeIngredients.${index}.percent`]}
            />
          </div>
        ))}
        <FieldError message={errors.activeIngredients} />
        <div className="flex gap-2">
          {draft.ingredients.length < 10 ? (
            <Button variant="outline" onClick={() => set({ ingredients: [...draft.ingredients, { name: "", percent: "" }] })}>
              <Plus aria-hidden="true" className="size-4" />
              Add ingredient
            </Button>
          ) : null}
          {draft.ingredients.length > 1 ? (
            <Button variant="ghost" onClick={() => set({ ingredients: draft.ingredients.slice(0, -1) })}>
              Remove last
            </Button>
          ) : null}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Unit" value={draft.unit} onChange={(event) => set({ unit: event.target.value })} error={errors.unit}>
          {PRODUCT_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Default rate per 1,000 sq ft"
          inputMode="decimal"
          value={draft.defaultRate}
          onChange={(event) => set({ defaultRate: event.target.value })}
          error={errors.defaultRate}
        />
        <TextField
          label="Mixing rate (optional)"
          placeholder="e.g. 1.5 fl oz per gal"
          value={draft.mixingRate}
          maxLength={200}
          onChange={(event) => set({ mixingRate: event.target.value })}
          error={errors.mixingRate}
        />
      </div>
      <TextField
        label="Keep-off advice for customers (optional)"
        placeholder="e.g. Keep children and pets off until dry"
        value={draft.keepOffAdvice}
        maxLength={500}
        onChange={(event) => set({ keepOffAdvice: event.target.value })}
        error={errors.keepOffAdvice}
      />
      <CheckboxField
        label="Restricted-use pesticide"
        checked={draft.restrictedUse}
        onChange={(event) => set({ restrictedUse: event.target.checked })}
      />
      <FieldError message={errors.form} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton disabled={add.isPending || update.isPending}>{product ? "Save product" : "Add product"}</SubmitButton>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ProductRow({ product, onEdit }: { product: Product; onEdit: () => void }) {
  const utils = api.useUtils();
  const feedback = (done: string) => ({
    onSuccess: async () => {
      toast({ title: done, description: product.name });
      await utils.products.invalidate();
    },
    onError: (failure: unknown) =>
      toast({ title: "Could not change the product", description: errorMessage(failure), variant: "destructive" }),
  });
  const retire = api.products.retire.useMutation(feedback("Product retired"));
  const reactivate = api.products.reactivate.useMutation(feedback("Product reactivated"));
  const ingredients = product.activeIngredients.map((item) => `${item.name} ${item.percent}%`).join(", ");
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center" data-testid="product-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-gray-900">
          {product.name}{" "}
          <span className={product.active ? "text-xs font-normal text-brand-800" : "text-xs font-normal text-gray-600"}>
            {product.active ? "Active" : "Retired"}
          </span>
          {product.restrictedUse ? <span className="ml-2 text-xs font-semibold text-red-700">Restricted use</span> : null}
        </p>
        <p className="text-sm text-gray-700">
          EPA Reg. No. {product.epaRegistrationNumber} · {product.defaultRate} {product.unit} per 1,000 sq ft
        </p>
        <p className="text-xs break-words text-gray-600">{ingredients}</p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" onClick={onEdit} aria-label={`Edit ${product.name}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
        {product.active ? (
          <Button
            variant="ghost"
            disabled={retire.isPending}
            onClick={() => retire.mutate({ id: product.id })}
            aria-label={`Retire ${product.name}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Retire
          </Button>
        ) : (
          <Button
            variant="ghost"
            disabled={reactivate.isPending}
            onClick={() => reactivate.mutate({ id: product.id })}
            aria-label={`Reactivate ${product.name}`}
          >
            <Undo2 aria-hidden="true" className="size-4" />
            Reactivate
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * Settings → Products (owners and office): the products the crews apply, with what the Texas
 * application records need. Retired products stay listed, since past records name them
 * (docs/product-rules.md#products-and-licenses).
 */
export function ProductsPanel() {
  const list = api.products.list.useQuery({ status: "all" });
  const [editing, setEditing] = useState<Product | "new" | null>(null);
  return (
    <section aria-labelledby="products-heading" className="space-y-4">
      <PanelHeading id="products-heading" title="Products">
        The fertilizers and pesticides the crews apply, with their EPA registration numbers for the application records. A retired product
        leaves the crews' list but stays in the records.
      </PanelHeading>
      {editing === "new" ? <ProductForm product={null} onDone={() => setEditing(null)} /> : null}
      {editing === null ? (
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" className="size-4" />
          Add product
        </Button>
      ) : null}
      <PanelQuery query={list} loading="Loading products" failed="Products could not be loaded." empty="No products yet.">
        {(items) => (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Products">
            {items.map((product) =>
              editing !== null && editing !== "new" && editing.id === product.id ? (
                <li key={product.id} className="p-2">
                  <ProductForm product={product} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <ProductRow key={product.id} product={product} onEdit={() => setEditing(product)} />
              ),
            )}
          </ul>
        )}
      </PanelQuery>
    </section>
  );
}
