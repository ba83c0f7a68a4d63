"use client";

import { useActionState, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { CircleCheck } from "lucide-react";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { restRequest } from "@/lib/rest-client";
import { contactAction } from "@/server/forms/contact-action";
import { EMPTY_FORM_STATE } from "@/server/forms/form-state";
import { CONTACT_FIELDS, contactFormErrors, contactFormInput, type ContactField, type ContactFormValues } from "./contact-form-rules";

const EMPTY: ContactFormValues = { name: "", email: "", phone: "", message: "" };

/**
 * Contact form: idle, 'Sending...', then a reset form or an error toast.
 * Validation follows the app's form rules (checked on submit, then again on every change) with
 * plain state: react-hook-form would add about 12 kB gzip to every public page that links here.
 * Sent before the page's JavaScript runs, the form posts to a server action running the same
 * procedure, which renders its errors or its thanks; once hydrated, the submit handler takes over.
 */
export function ContactForm() {
  const [sent, formAction] = useActionState(contactAction, EMPTY_FORM_STATE);
  const [values, setValues] = useState<ContactFormValues>({ ...EMPTY, ...sent.values });
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>(sent.fieldErrors ?? {});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  // The server's answer to a form sent before hydration shows until the form is sent again here.
  const early = submitted ? EMPTY_FORM_STATE : sent;
  const controls = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const onChange = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors((current) => ({ ...current, [field]: contactFormErrors(next)[field] }));
  };
  const fieldProps = (field: ContactField) => ({
    name: field,
    value: values[field],
    onChange: onChange(field),
    error: errors[field],
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      controls.current[field] = element;
    },
  });

  // POST /api/contact directly: the public pages do not load the tRPC client.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    const found = contactFormErrors(values);
    setErrors(found);
    const firstBad = CONTACT_FIELDS.find((field) => found[field]);
    if (firstBad) {
      controls.current[firstBad]?.focus();
      return;
    }
    setSending(true);
    const result = await restRequest("POST", "/contact", contactFormInput(values));
    setSending(false);
    if (result.ok) {
      toast({ title: "Message sent!", description: "Thanks for reaching out. We'll get back to you soon." });
      setValues(EMPTY);
      setErrors({});
      setSubmitted(false);
      return;
    }
    // A server answer carries its message; a failure before any answer gets the generic text.
    toast({
      title: "Error sending message",
      description: result.answered ? result.message || "Please try again later" : "Something went wrong. Please try again later.",
      variant: "destructive",
    });
  };

  return (
    <form action={formAction} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <FormAlert message={early.error} />
      {early.notice ? (
        <p role="status" className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {early.notice}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" {...fieldProps("name")} />
        <TextField label="Email" type="email" autoComplete="email" {...fieldProps("email")} />
      </div>
      <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...fieldProps("phone")} />
      <TextAreaField label="Message" rows={5} {...fieldProps("message")} />
      <Button type="submit" variant="primary" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
