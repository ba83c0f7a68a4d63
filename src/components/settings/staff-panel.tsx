"use client";

import { Send, Trash2, Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { controlClasses, FieldError, TextField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { SubmitButton } from "@/components/ui/submit-button";
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@/lib/staff-roles";
import { ZStaffInvitationFormSchema } from "@/lib/validation/staff";
import { api, type RouterOutputs } from "@/trpc/react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

type Member = RouterOutputs["staff"]["list"]["members"][number];
type Crew = RouterOutputs["crews"]["list"][number];

const ROLE_HINTS: Record<StaffRole, string> = {
  owner: "Everything, including staff and business settings",
  office: "Everything but staff and business settings",
  crew: "Only their crew's days on the schedule",
};

/** A role picker and, for crew, the crew picker beside it. */
function RoleAndCrew({
  role,
  crewId,
  crews,
  onChange,
  errors,
  label,
}: {
  role: StaffRole;
  crewId: number | null;
  crews: Crew[];
  onChange: (next: { role: StaffRole; crewId: number | null }) => void;
  errors?: { role?: string; crewId?: string };
  label: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <div className="flex-1">
        <label htmlFor={`${id}-role`} className="mb-1 block text-sm font-medium text-gray-800">
          {label}
        </label>
        <select
          id={`${id}-role`}
          className={controlClasses(Boolean(errors?.role))}
          value={role}
          onChange={(event) => {
            const next = event.target.value as StaffRole;
            onChange({ role: next, crewId: next === "crew" ? (crewId ?? crews[0]?.id ?? null) : null });
          }}
        >
          {STAFF_ROLES.map((value) => (
            <option key={value} value={value}>
              {STAFF_ROLE_LABELS[value]}
            </option>
          ))}
        </select>
        <p className="mt-1 text-xs text-gray-600">{ROLE_HINTS[role]}</p>
        <FieldError message={errors?.role} />
      </div>
      {role === "crew" ? (
        <div className="sm:w-44">
          <label htmlFor={`${id}-crew`} className="mb-1 block text-sm font-medium text-gray-800">
            Crew
          </label>
          <select
            id={`${id}-crew`}
            className={controlClasses(Boolean(errors?.crewId))}
            value={crewId ?? ""}
            onChange={(event) => onChange({ role, crewId: Number(event.target.value) || null })}
          >
            {crews.map((crew) => (
              <option key={crew.id} value={crew.id}>
                {crew.name}
              </option>
            ))}
          </select>
          <FieldError message={errors?.crewId} />
        </div>
      ) : null}
    </div>
  );
}

/** One staff member: name, role and crew, changed on Save; Remove asks first. */
function MemberRow({ member, crews, onRemove }: { member: Member; crews: Crew[]; onRemove: (member: Member) => void }) {
  const utils = api.useUtils();
  const [choice, setChoice] = useState({ role: member.role, crewId: member.crewId });
  const change = api.staff.changeRole.useMutation({
    onSuccess: async (saved) => {
      toast({
        title: "Role changed",
        description: `${saved.fullName ?? saved.username} is now ${STAFF_ROLE_LABELS[saved.role].toLowerCase()}.`,
      });
      await utils.staff.list.invalidate();
    },
    onError: (failure) => toast({ title: "The role was not changed", description: errorMessage(failure), variant: "destructive" }),
  });
  const unchanged = choice.role === member.role && choice.crewId === member.crewId;
  return (
    <li className="space-y-2 px-4 py-3">
      <div>
        <p className="font-medium text-gray-900">{member.fullName ?? member.username}</p>
        <p className="text-sm text-gray-700">
          {member.email ?? member.username} · {STAFF_ROLE_LABELS[member.role]}
          {member.crewName ? ` · ${member.crewName}` : ""}
        </p>
      </div>
      <form
        method="post"
        noValidate
        aria-label={`Role of ${member.fullName ?? member.username}`}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate({ id: member.id, ...choice });
        }}
      >
        <div className="flex-1">
          <RoleAndCrew role={choice.role} crewId={choice.crewId} crews={crews} onChange={setChoice} label="Role" />
        </div>
        <div className="flex gap-2">
          <SubmitButton variant="outline" disabled={change.isPending || unchanged}>
            Save
          </SubmitButton>
          <Button variant="ghost" onClick={() => onRemove(member)} aria-label={`Remove ${member.fullName ?? member.username}`}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove
          </Button>
        </div>
      </form>
    </li>
  );
}

/**
 * Settings → Staff, for owners: who works here and as what, invitations by email with a role
 * (and a crew for crew members), and removal. The server keeps at least one owner
 * (docs/product-rules.md#staff-roles).
 */
export function StaffPanel() {
  const staff = api.staff.list.useQuery({});
  const crews = api.crews.list.useQuery({});
  const utils = api.useUtils();
  const [email, setEmail] = useState("");
  const [choice, setChoice] = useState<{ role: StaffRole; crewId: number | null }>({ role: "office", crewId: null });
  const [errors, setErrors] = useState<{ email?: string; role?: string; crewId?: string }>({});
  const [removing, setRemoving] = useState<Member | null>(null);

  const invite = api.staff.invite.useMutation({
    onSuccess: async (result) => {
      setEmail("");
      toast({ title: "Invitation sent", description: result.message });
      await utils.staff.list.invalidate();
    },
    onError: (failure) => setErrors({ email: errorMessage(failure) }),
  });
  const withdraw = api.staff.withdrawInvitation.useMutation({
    onSuccess: async (result) => {
      toast({ title: "Invitation withdrawn", description: result.message });
      await utils.staff.list.invalidate();
    },
    onError: async (failure) => {
      toast({ title: "Not withdrawn", description: errorMessage(failure), variant: "destructive" });
      await utils.staff.list.invalidate();
    },
  });
  const remove = api.staff.remove.useMutation({
    onSuccess: async (result) => {
      setRemoving(null);
      toast({ title: "Staff member removed", description: result.message });
      await utils.staff.list.invalidate();
    },
    onError: (failure) => {
      setRemoving(null);
      toast({ title: "Not removed", description: errorMessage(failure), variant: "destructive" });
    },
  });

  return (
    <section aria-labelledby="staff-heading" className="space-y-4">
      <div>
        <h2 id="staff-heading" className="text-lg font-semibold text-gray-900">
          Staff
        </h2>
        <p className="text-sm text-gray-700">
          Owners manage staff and business settings; office staff do everything else; crew members see only their crew&apos;s days. There is
          always at least one owner.
        </p>
      </div>

      {staff.isPending || crews.isPending ? (
        <Spinner label="Loading staff" />
      ) : staff.isError || crews.isError ? (
        <p className="text-sm text-red-700">The staff list could not be loaded.</p>
      ) : (
        <>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Staff members">
            {staff.data.members.map((member) => (
              <MemberRow key={`${member.id}:${member.role}:${member.crewId}`} member={member} crews={crews.data} onRemove={setRemoving} />
            ))}
          </ul>
          {staff.data.invitations.length > 0 ? (
            <div>
              <h3 className="mb-1 text-sm font-semibold text-gray-900">Invitations not yet used</h3>
              <ul className="space-y-1 text-sm text-gray-700" aria-label="Pending invitations">
                {staff.data.invitations.map((invitation) => (
                  <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-x-3">
                    <span className="min-w-0 break-words">
                      {invitation.email} · {STAFF_ROLE_LABELS[invitation.role]}
                      {invitation.crewName ? ` · ${invitation.crewName}` : ""}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={withdraw.isPending}
                      onClick={() => withdraw.mutate({ id: invitation.id })}
                      aria-label={`Withdraw the invitation to ${invitation.email}`}
                    >
                      <Undo2 aria-hidden="true" className="size-4" />
                      Withdraw
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <form
            method="post"
            noValidate
            aria-label="Invite staff"
            className="space-y-3 rounded-lg border border-gray-200 p-4"
            onSubmit={(event) => {
              event.preventDefault();
              const parsed = ZStaffInvitationFormSchema.safeParse({ email, ...choice });
              if (!parsed.success) {
                const problems: Record<string, string> = {};
                for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
                setErrors(problems);
                return;
              }
              setErrors({});
              invite.mutate(parsed.data);
            }}
          >
            <h3 className="text-sm font-semibold text-gray-900">Invite someone</h3>
            <TextField
              label="Email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={errors.email}
              maxLength={254}
            />
            <RoleAndCrew role={choice.role} crewId={choice.crewId} crews={crews.data} onChange={setChoice} errors={errors} label="Role" />
            <SubmitButton disabled={invite.isPending}>
              <Send aria-hidden="true" className="size-4" />
              Send invitation
            </SubmitButton>
          </form>
        </>
      )}

      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? `Remove ${removing.fullName ?? removing.username}?` : "Remove staff member"}
        description="They are signed out at once and can no longer sign in. What they did stays on record."
        keepLabel="Keep them"
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </section>
  );
}
