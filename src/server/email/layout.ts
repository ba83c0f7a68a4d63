import { BUSINESS } from "@/lib/business";
import { appUrl } from "./app-url";

export interface EmailContent {
  /** "Hi Maria," */
  greeting: string;
  paragraphs: string[];
  /** Label and value rows, such as the visit's date and address. */
  details?: Array<[label: string, value: string]>;
  /** The one button of the email. */
  action?: { label: string; url: string };
  /** Where the reader turns off reminders with one click (customer emails). */
  unsubscribeUrl?: string;
  /** Whom the email is for: customers get a link to My Account, staff a link to the staff area. */
  audience?: "customer" | "staff";
}

/**
 * One look for every email: the message, then the business's name, phone and a link to My
 * Account. Plain text always, and the same words as simple HTML with inline styles (many mail
 * programs ignore style sheets).
 */
export function renderEmail(content: EmailContent): { body: string; html: string } {
  const accountLink = content.audience === "staff" ? appUrl("/dashboard") : appUrl("/customer/account");
  const accountLabel = content.audience === "staff" ? "Staff dashboard" : "My Account";
  const details = content.details ?? [];

  const text = [
    content.greeting,
    ...content.paragraphs,
    details.length ? details.map(([label, value]) => `${label}: ${value}`).join("\n") : null,
    content.action ? `${content.action.label}: ${content.action.url}` : null,
    `The ${BUSINESS.name} team\n${BUSINESS.phone} · ${BUSINESS.email}\n${accountLabel}: ${accountLink}`,
    content.unsubscribeUrl ? `Don't want visit reminders? Turn them off: ${content.unsubscribeUrl}` : null,
  ]
    .filter((part): part is string => part !== null)
    .join("\n\n");

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(BUSINESS.name)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="background:#166534;color:#ffffff;padding:16px 24px;border-radius:12px 12px 0 0;font-size:18px;font-weight:bold">${escapeHtml(BUSINESS.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join("\n")}
${details.length ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px">${details.map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0;color:#6b7280;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`).join("")}</table>` : ""}
${content.action ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#166534;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` : ""}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:13px;color:#6b7280;line-height:1.5">
The ${escapeHtml(BUSINESS.name)} team · <a href="${escapeHtml(BUSINESS.phoneHref)}" style="color:#166534">${escapeHtml(BUSINESS.phone)}</a> · <a href="mailto:${escapeHtml(BUSINESS.email)}" style="color:#166534">${escapeHtml(BUSINESS.email)}</a><br>
<a href="${escapeHtml(accountLink)}" style="color:#166534">${accountLabel}</a>${content.unsubscribeUrl ? ` · <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#6b7280">Turn off visit reminders</a>` : ""}
</td></tr>
</table></td></tr></table>
</body></html>`;

  return { body: text, html };
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
