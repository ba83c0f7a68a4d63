"use client";

import { Pencil } from "lucide-react";
import { useMemo, useState } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { FieldError, SelectField, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { LICENSE_TYPE_LABELS, LICENSE_TYPES, type LicenseType } from "@/lib/products";
import { ZBusinessLicenseFormSchema, ZLicenseFormSchema } from "@/lib/validation/products";
import { api, type RouterOutputs } from "@/trpc/react";
import { PanelHeading, PanelQuery, SavedSettingsForm, saveFeedback, useSavedSettingsForm } from "./panel-parts";
import { fieldProps } from "@/components/ui/field-props";
import { messagesByField } from "@/lib/validation/messages-by-field";

type License = NonNullable<RouterOutputs["licenses"]["mine"]>;
type Member = RouterOutputs["staff"]["list"]["members"][number];

/** A calendar day as people write it ("Mar 3, 2027"), without a date library in the bundle. */
const calendarDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Certified applicator CA12345, valid through Mar 3, 2027, supervised by Ann". */
function describeLicense(license: License | undefined): string {
  if (!license) return "No applicator license on file";
  const supervisor = license.supervisor ? `, supervised by ${license.supervisor.name}` : "";
  return `${LICENSE_TYPE_LABELS[license.licenseType]} ${license.licenseNumber}, valid through ${calendarDay(license.expiresOn)}${supervisor}`;
}

function LicenseForm({
  member,
  license,
  certified,
  onDone,
}: {
  member: Member;
  license: License | undefined;
  certified: License[];
  onDone: () => void;
}) {
  const utils = api.useUtils();
  const [type, setType] = useState<LicenseType | "">(license?.licenseType ?? "");
  const [number, setNumber] = useState(license?.licenseNumber ?? "");
  const [expiresOn, setExpiresOn] = useState(license?.expiresOn ?? "");
  const [supervisor, setSupervisor] = useState<number | null>(license?.supervisor?.staffUserId ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = api.licenses.set.useMutation({
    onSuccess: async () => {
      toast({ title: "License saved", description: member.fullName ?? member.username });
      await utils.licenses.invalidate();
      onDone();
    },
    onError: (failure) => setErrors({ form: errorMessage(failure) }),
  });
  const supervisors = certified.filter((other) => other.staffUserId !== member.id);
  return (
    <form
      method="post"
      noValidate
      aria-label={`License of ${member.fullName ?? member.username}`}
      className="mt-3 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = ZLicenseFormSchema.safeParse({
          licenseType: type || null,
          licenseNumber: type ? number : null,
          expiresOn: type ? expiresOn : null,
          supervisorStaffUserId: type === "technician" ? supervisor : null,
        });
        if (!parsed.success) {
          setErrors(messagesByField(parsed.error.issues));
          return;
        }
        setErrors({});
        save.mutate({ id: member.id, ...parsed.data });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="License type"
          value={type}
          onChange={(event) => setType(event.target.value as LicenseType | "")}
          error={errors.licenseType}
        >
          <option value="">None</option>
          {LICENSE_TYPES.map((value) => (
            <option key={value} value={value}>
              {LICENSE_TYPE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {type ? (
          <TextField
            label="TDA license number"
            value={number}
            maxLength={20}
            autoCapitalize="characters"
            onChange={(event) => setNumber(event.target.value)}
            error={errors.licenseNumber}
          />
        ) : null}
        {type ? (
          <TextField
            label="Expires on"
            type="date"
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
            error={errors.expiresOn}
          />
        ) : null}
        {type === "technician" ? (
          <SelectField
            label="Supervising certified applicator"
            value={supervisor ?? ""}
            onChange={(event) => setSupervisor(Number(event.target.value) || null)}
            error={errors.supervisorStaffUserId}
          >
            <option value="">Choose…</option>
            {supervisors.map((other) => (
              <option key={other.staffUserId} value={other.staffUserId}>
                {other.holderName} ({other.licenseNumber})
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      <FieldError message={errors.form} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton disabled={save.isPending}>Save license</SubmitButton>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings → Staff (owners): each member's applicator license, which the application records
 * check on the day (docs/product-rules.md#products-and-licenses).
 */
export function StaffLicensesPanel() {
  const staff = api.staff.list.useQuery({});
  const licenses = api.licenses.list.useQuery({});
  const [editing, setEditing] = useState<number | null>(null);
  const byMember = useMemo(() => new Map((licenses.data ?? []).map((license) => [license.staffUserId, license])), [licenses.data]);
  const certified = (licenses.data ?? []).filter((license) => license.licenseType === "certified_applicator");
  return (
    <section aria-labelledby="licenses-heading" className="space-y-4">
      <PanelHeading id="licenses-heading" title="Applicator licenses">
        Whoever applies a pesticide needs a valid TDA license on that day; a technician also needs a supervising certified applicator whose
        license is valid.
      </PanelHeading>
      <PanelQuery
        query={{ ...staff, isPending: staff.isPending || licenses.isPending, isError: staff.isError || licenses.isError }}
        loading="Loading licenses"
        failed="Licenses could not be loaded."
      >
        {({ members }) => (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Applicator licenses">
            {members.map((member) => (
              <li key={member.id} className="px-4 py-3" data-testid="license-row">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-gray-900">{member.fullName ?? member.username}</p>
                    <p className="text-sm text-gray-700">{describeLicense(byMember.get(member.id))}</p>
                  </div>
                  {editing === member.id ? null : (
                    <Button
                      variant="outline"
                      onClick={() => setEditing(member.id)}
                      aria-label={`Edit the license of ${member.fullName ?? member.username}`}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit license
                    </Button>
                  )}
                </div>
                {editing === member.id ? (
                  <LicenseForm member={member} license={byMember.get(member.id)} certified={certified} onDone={() => setEditing(null)} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </PanelQuery>
    </section>
  );
}

/** Settings → General: the signed-in member's own license, read-only (owners change it in Settings → Staff). */
export function MyLicenseCard() {
  const mine = api.licenses.mine.useQuery({});
  return (
    <section aria-labelledby="my-license-heading" className="space-y-2">
      <PanelHeading id="my-license-heading" title="My applicator license" />
      <PanelQuery
        query={{ ...mine, data: mine.isSuccess ? (mine.data ?? null) : undefined }}
        loading="Loading"
        failed="Your license could not be loaded."
      >
        {(license) => (
          <p className="text-sm text-gray-700" data-testid="my-license">
            {describeLicense(license ?? undefined)}. An owner keeps it up to date in Settings → Staff.
          </p>
        )}
      </PanelQuery>
    </section>
  );
}

/** Settings → General (owners): the business's TDA license number, printed on the application records. */
export function BusinessLicenseForm() {
  const current = api.licenses.businessLicense.useQuery({});
  const utils = api.useUtils();
  const saved = useMemo(() => (current.data ? { licenseNumber: current.data.licenseNumber ?? "" } : undefined), [current.data]);
  const form = useSavedSettingsForm(ZBusinessLicenseFormSchema, { licenseNumber: "" }, saved);
  const save = api.licenses.saveBusinessLicense.useMutation(
    saveFeedback("Business license saved", () => utils.licenses.businessLicense.invalidate()),
  );
  return (
    <SavedSettingsForm
      query={current}
      loading="Loading the business license"
      failed="The business license could not be loaded."
      headingId="business-license-heading"
      title="Business license"
      intro="The business's TDA license number, printed on every pesticide application record."
      form={form}
      save={save}
      submit="Save business license"
    >
      {() => (
        <TextField label="TDA business license number" maxLength={20} autoCapitalize="characters" {...fieldProps(form, "licenseNumber")} />
      )}
    </SavedSettingsForm>
  );
}
