/** The business's own details, shown on the site and in emails. */
export const BUSINESS = {
  name: "GreenScape Austin",
  city: "Austin",
  phone: "(512) 555-0142",
  phoneHref: "tel:+15125550142",
  email: "hello@greenscapeaustin.com",
  quotesEmail: "quotes@greenscapeaustin.com",
  hours: [
    { days: "Monday - Friday", hours: "8:00 AM - 6:00 PM" },
    { days: "Saturday", hours: "9:00 AM - 3:00 PM" },
    { days: "Sunday", hours: "Closed" },
  ],
} as const;
