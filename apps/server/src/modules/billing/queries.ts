import { and, desc, eq, ne } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import { paymentEvents, subscriptions, users } from "../../db/schema";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type SubscriptionUpdate = Partial<
  Pick<
    SubscriptionRow,
    "status" | "currentPeriodEnd" | "providerCustomerId" | "providerSubscriptionId" | "userId"
  >
>;

export async function findUser(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      isAnonymous: users.isAnonymous,
      isPremium: users.isPremium,
      premiumExpiresAt: users.premiumExpiresAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export function setPremium(db: Executor, userId: string, isPremium: boolean, expiresAt: Date | null) {
  return db
    .update(users)
    .set({ isPremium, premiumExpiresAt: expiresAt, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** A checkout the user started: a pending subscription until its payment event arrives. */
export function insertPending(
  db: Executor,
  row: { userId: string; provider: "stripe" | "test"; checkoutId: string; priceId: string },
) {
  return db.insert(subscriptions).values({
    userId: row.userId,
    provider: row.provider,
    providerCheckoutId: row.checkoutId,
    priceId: row.priceId,
    status: "pending",
  });
}

export async function findByCheckout(db: Executor, checkoutId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerCheckoutId, checkoutId))
    .limit(1);
  return row;
}

export async function findBySubscription(db: Executor, subscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/** The newest paid subscription of a customer (a refund names the customer, not the subscription). */
export async function findByCustomer(db: Executor, customerId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.providerCustomerId, customerId), ne(subscriptions.status, "pending")))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/** The user's newest subscription that was ever paid (not a checkout left unfinished). */
export async function latestSubscription(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, "pending")))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

export function updateSubscription(db: Executor, id: string, set: SubscriptionUpdate) {
  return db
    .update(subscriptions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

/** Records an event once; false when its id was seen before (a replay). */
export async function recordEvent(db: Executor, event: { id: string; type: string; payload: unknown }) {
  const rows = await db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, payload: event.payload })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}
