"use client";

import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { DollarAmountField, FieldError, SelectField, TextAreaField, TextField, WholeNumberField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { ZProgramForm } from "@/lib/validation/programs";
import { api, type RouterOutputs } from "@/trpc/react";
import { messagesByField } from "@/lib/validation/messages-by-field";

type Program = RouterOutputs["programs"]["list"][number];

/** A round as typed: numbers stay text until the schema reads them. */
interface RoundDraft {
  serviceId: string;
  windowStart: string;
  windowEnd: string;
  minDaysSincePrevious: string;
  purpose: string;
  price: string;
  pricePerSqFt: string;
  products: Array<{ productId: string; rate: string }>;
}

interface Draft {
  name: string;
  description: string;
  rounds: RoundDraft[];
}

const EMPTY_ROUND: RoundDraft = {
  serviceId: "",
  windowStart: "",
  windowEnd: "",
  minDaysSincePrevious: "0",
  purpose: "",
  price: "",
  pricePerSqFt: "",
  products: [],
};

function draftOf(program: Program | null): Draft {
  if (!program) return { name: "", description: "", rounds: [{ ...EMPTY_ROUND }] };
  return {
    name: program.name,
    description: program.description ?? "",
    rounds: program.rounds.map((round) => ({
      serviceId: String(round.serviceId),
      windowStart: round.windowStart,
      windowEnd: round.windowEnd,
      minDaysSincePrevious: String(round.minDaysSincePrevious),
      purpose: round.purpose,
      price: (round.price / 100).toFixed(2),
      pricePerSqFt: round.pricePerSqFt === null ? "" : String(round.pricePerSqFt),
      products: round.products.map((product) => ({ productId: String(product.productId), rate: String(product.rate) })),
    })),
  };
}

const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
const centsOf = (dollars: string) => (dollars.trim() === "" ? Number.NaN : Math.round(Number(dollars) * 100));

function parseDraft(draft: Draft) {
  return ZProgramForm.safeParse({
    name: draft.name,
    description: draft.description,
    rounds: draft.rounds.map((round) => ({
      serviceId: numberOf(round.serviceId),
      windowStart: round.windowStart,
      windowEnd: round.windowEnd,
      minDaysSincePrevious: numberOf(round.minDaysSincePrevious),
      purpose: round.purpose,
      price: centsOf(round.price),
      pricePerSqFt: round.pricePerSqFt.trim() === "" ? null : numberOf(round.pricePerSqFt),
      products: round.products.map((product) => ({ productId: numberOf(product.productId), rate: numberOf(product.rate) })),
    })),
  });
}

/**
 * A program's add or edit form: its name, then its rounds in order, each with its service, window,
 * gap, purpose, price and default products. The server's schema checks it first, so both say the
 * same words (docs/product-rules.md#lawn-programs).
 */
export function ProgramForm({ program, onDone }: { program: Program | null; onDone: () => void }) {
  const utils = api.useUtils();
  const services = api.services.list.useQuery({}, { staleTime: 60_000 });
  const products = api.products.list.useQuery({ status: "active" });
  const [draft, setDraft] = useState<Draft>(() => draftOf(program));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saved = {
    onSuccess: async (saved: Program) => {
      toast({ title: program ? "Program saved" : "Program added", description: saved.name });
      await utils.programs.invalidate();
      onDone();
    },
    onError: (failure: unknown) => setErrors({ form: errorMessage(failure) }),
  };
  const add = api.programs.add.useMutation(saved);
  const update = api.programs.update.useMutation(saved);
  const setRound = (index: number, change: Partial<RoundDraft>) =>
    setDraft((current) => ({ ...current, rounds: current.rounds.map((round, at) => (at === index ? { ...round, ...change } : round)) }));

  return (
    <form
      method="post"
      noValidate
      aria-label={program ? `Edit ${program.name}` : "New program"}
      className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseDraft(draft);
        if (!parsed.success) {
          setErrors(messagesByField(parsed.error.issues));
          return;
        }
        setErrors({});
        if (program) update.mutate({ id: program.id, ...parsed.data });
        else add.mutate(parsed.data);
      }}
    >
      <TextField
        label="Program name"
        value={draft.name}
        maxLength={100}
        placeholder="e.g. Six-step fertilization and weed control"
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        error={errors.name}
      />
      <TextAreaField
        label="Description (optional)"
        value={draft.description}
        maxLength={1000}
        onChange={(event) => setDraft({ ...draft, description: event.target.value })}
        error={errors.description}
      />
      <FieldError message={errors.rounds} />
      <ol className="space-y-3">
        {draft.rounds.map((round, index) => {
          const error = (field: string) => errors[`rounds.${index}.${field}`];
          return (
            <li key={index} className="space-y-3 rounded-lg border border-gray-200 p-3">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold text-gray-900">Round {index + 1}</h3>
                {draft.rounds.length > 1 ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Remove round ${index + 1}`}
                    onClick={() => setDraft({ ...draft, rounds: draft.rounds.filter((_, at) => at !== index) })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                ) : null}
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField
                  label="Service"
                  value={round.serviceId}
                  onChange={(event) => {
                    const service = services.data?.find((each) => String(each.id) === event.target.value);
                    setRound(index, {
                      serviceId: event.target.value,
                      // The catalogue's price is the starting point; staff may set the program's own.
                      ...(service && round.price === ""
                        ? {
                            price: (service.price / 100).toFixed(2),
                            pricePerSqFt: service.pricePerSqFt === null ? "" : String(service.pricePerSqFt),
                          }
                        : {}),
                    });
                  }}
                  error={error("serviceId")}
                >
                  <option value="">Choose a service</option>
                  {services.data?.map((service) => (
                    <option key={service.id} value={service.id}>
                      {service.name}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label="Purpose or target pest"
                  value={round.purpose}
                  maxLength={200}
                  placeholder="e.g. Pre-emergent crabgrass control"
                  onChange={(event) => setRound(index, { purpose: event.target.value })}
                  error={error("purpose")}
                />
                <TextField
                  label="Window opens (MM-DD)"
                  value={round.windowStart}
                  placeholder="02-15"
                  inputMode="numeric"
                  maxLength={5}
                  onChange={(event) => setRound(index, { windowStart: event.target.value })}
                  error={error("windowStart")}
                />
                <TextField
                  label="Window closes (MM-DD)"
                  value={round.windowEnd}
                  placeholder="03-31"
                  inputMode="numeric"
                  maxLength={5}
                  onChange={(event) => setRound(index, { windowEnd: event.target.value })}
                  error={error("windowEnd")}
                />
                <WholeNumberField
                  label="Least days since the previous round"
                  min={0}
                  max={365}
                  value={round.minDaysSincePrevious}
                  onChange={(event) => setRound(index, { minDaysSincePrevious: event.target.value })}
                  error={error("minDaysSincePrevious")}
                />
                <DollarAmountField
                  label="Price ($)"
                  value={round.price}
                  onChange={(event) => setRound(index, { price: event.target.value })}
                  error={error("price")}
                />
                <WholeNumberField
                  label="Or cents per sq ft (optional)"
                  hint="Priced by the lawn's size, as the catalogue does"
                  min={1}
                  value={round.pricePerSqFt}
                  onChange={(event) => setRound(index, { pricePerSqFt: event.target.value })}
                  error={error("pricePerSqFt")}
                />
              </div>
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-gray-800">Default products</legend>
                {round.products.map((product, at) => (
                  <div key={at} className="grid grid-cols-[1fr_8rem_auto] items-end gap-2">
                    <SelectField
                      label={`Product ${at + 1}`}
                      value={product.productId}
                      onChange={(event) =>
                        setRound(index, {
                          products: round.products.map((each, i) => (i === at ? { ...each, productId: event.target.value } : each)),
                        })
                      }
                      error={error(`products.${at}.productId`)}
                    >
                      <option value="">Choose a product</option>
                      {products.data?.map((each) => (
                        <option key={each.id} value={each.id}>
                          {each.name} ({each.unit})
                        </option>
                      ))}
                    </SelectField>
                    <TextField
                      label="Rate / 1,000 sq ft"
                      inputMode="decimal"
                      value={product.rate}
                      onChange={(event) =>
                        setRound(index, {
                          products: round.products.map((each, i) => (i === at ? { ...each, rate: event.target.value } : each)),
                        })
                      }
                      error={error(`products.${at}.rate`)}
                    />
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={`Remove product ${at + 1} of round ${index + 1}`}
                      onClick={() => setRound(index, { products: round.products.filter((_, i) => i !== at) })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                ))}
                <FieldError message={error("products")} />
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setRound(index, { products: [...round.products, { productId: "", rate: "" }] })}
                >
                  <Plus aria-hidden="true" className="size-4" />
                  Add a product
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {draft.rounds.length < 24 ? (
        <Button type="button" variant="secondary" onClick={() => setDraft({ ...draft, rounds: [...draft.rounds, { ...EMPTY_ROUND }] })}>
          <Plus aria-hidden="true" className="size-4" />
          Add a round
        </Button>
      ) : null}
      <FieldError message={errors.form} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton disabled={add.isPending || update.isPending}>{program ? "Save program" : "Add program"}</SubmitButton>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
