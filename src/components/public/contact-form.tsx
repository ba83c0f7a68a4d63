"use client";

import { TRPCClientError } from "@trpc/client";
import { useForm } from "react-hook-form";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { api } from "@/trpc/react";
import { contactFormInput, contactFormResolver, type ContactFormValues } from "./contact-form-rules";

const EMPTY: ContactFormValues = { name: "", email: "", phone: "", message: "" };

/** Spec sections 4, 5 and 8, Contact form: idle, 'Sending...', then a reset form or an error toast. */
export function ContactForm() {
  const form = useForm<ContactFormValues>({
    resolver: contactFormResolver,
    defaultValues: EMPTY,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const send = api.contact.submit.useMutation({
    onSuccess: () => {
      toast({ title: "Message sent!", description: "Thanks for reaching out. We'll get back to you soon." });
      form.reset(EMPTY);
    },
    onError: (error) => {
      // A server answer carries its message; a failure before any answer gets the generic text.
      const answered = error instanceof TRPCClientError && error.data !== undefined;
      toast({
        title: "Error sending message",
        description: answered ? error.message || "Please try again later" : "Something went wrong. Please try again later.",
        variant: "destructive",
      });
    },
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={form.handleSubmit((values) => send.mutate(contactFormInput(values)))} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register("name")} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register("email")} />
      </div>
      <TextField label="Phone (optional)" type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register("phone")} />
      <TextAreaField label="Message" rows={5} error={errors.message?.message} {...form.register("message")} />
      <Button type="submit" variant="primary" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
        {send.isPending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
