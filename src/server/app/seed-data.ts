import type { services } from "@/server/db/schema";

type NewService = typeof services.$inferInsert;

/**
 * The starting catalogue: every service category, prices in cents, durations in
 * minutes. Names carry the words that pick a picture ('basic'/'lawn mowing' and 'premium'/'full service',
 * see src/components/public/service-image.tsx).
 */
export const SERVICE_CATALOGUE: NewService[] = [
  {
    name: "Basic Lawn Mowing",
    category: "mowing",
    price: 3500,
    duration: 60,
    isPopular: true,
    description: "Mowing, edging along walks and drives, and clippings blown off hard surfaces.",
  },
  {
    name: "Premium Lawn Care",
    category: "mowing",
    price: 6000,
    pricePerSqFt: 6,
    duration: 90,
    isPopular: true,
    description: "Mowing, detailed edging, trimming and a lawn health check, priced by the size of your lawn.",
  },
  {
    name: "Full Service Package",
    category: "mowing",
    price: 5500,
    duration: 90,
    isPopular: true,
    description: "Mowing, trimming, edging, bed weeding and cleanup in one visit.",
  },
  {
    name: "Edging & Trimming",
    category: "trimming",
    price: 2500,
    duration: 45,
    description: "Crisp edges along walks, beds and fences, and trimming around obstacles.",
  },
  {
    name: "Hedge & Shrub Trimming",
    category: "trimming",
    price: 4500,
    duration: 60,
    description: "Shaping hedges and shrubs, with all clippings hauled away.",
  },
  {
    name: "Leaf Removal",
    category: "cleanup",
    price: 4000,
    duration: 60,
    description: "Leaves cleared from lawn, beds and gutters' reach, bagged and removed.",
  },
  {
    name: "Seasonal Yard Cleanup",
    category: "cleanup",
    price: 8000,
    pricePerSqFt: 8,
    duration: 120,
    description: "Spring or fall cleanup of debris, dead growth and leaves, priced by yard size.",
  },
  {
    name: "Lawn Fertilization",
    category: "fertilization",
    price: 6000,
    duration: 45,
    description: "Slow-release fertilizer matched to Central Texas grasses and the season.",
  },
  {
    name: "Weed Control Treatment",
    category: "fertilization",
    price: 5000,
    pricePerSqFt: 5,
    duration: 45,
    description: "Pre- and post-emergent weed control, priced by lawn size.",
  },
  {
    name: "Flower Bed Planting",
    category: "planting",
    price: 12000,
    duration: 120,
    description: "Native and drought-tolerant plants chosen for your beds and planted with fresh mulch.",
  },
];

export const DEMO_CUSTOMERS = [
  {
    fullName: "Maria Gonzalez",
    email: "maria.gonzalez@example.com",
    phone: "(512) 555-0101",
    address: "4512 Avenue F",
    city: "Austin",
    state: "TX",
    zipCode: "78751",
    notes: "Side gate code 2468.",
  },
  {
    fullName: "James Carter",
    email: "james.carter@example.com",
    phone: "(512) 555-0102",
    address: "1809 Travis Heights Blvd",
    city: "Austin",
    state: "TX",
    zipCode: "78704",
    notes: null,
  },
  {
    fullName: "Priya Patel",
    email: "priya.patel@example.com",
    phone: "(512) 555-0103",
    address: "2204 Brushy Creek Rd",
    city: "Cedar Park",
    state: "TX",
    zipCode: "78613",
    notes: "Dog in the back yard; please text before arriving.",
  },
  {
    fullName: "Robert Nguyen",
    email: "robert.nguyen@example.com",
    phone: "(512) 555-0104",
    address: "917 Round Rock Ave",
    city: "Round Rock",
    state: "TX",
    zipCode: "78681",
    notes: null,
  },
  {
    fullName: "Linda Thompson",
    email: "linda.thompson@example.com",
    phone: "(512) 555-0105",
    address: "6100 Bee Caves Rd",
    city: "Austin",
    state: "TX",
    zipCode: "78746",
    notes: "Prefers morning visits.",
  },
];
