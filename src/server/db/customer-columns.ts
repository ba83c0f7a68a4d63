import { customers } from "@/server/db/schema";

/** A customer's name and contact details, the start of every view of a customer (never the password hash). */
export const CUSTOMER_CONTACT_COLUMNS = {
  id: customers.id,
  fullName: customers.fullName,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  city: customers.city,
  state: customers.state,
  zipCode: customers.zipCode,
};

/** What a signed-in customer sees of their own record (the API's SessionCustomer). */
export const SESSION_CUSTOMER_COLUMNS = { ...CUSTOMER_CONTACT_COLUMNS, isVerified: customers.isVerified };
