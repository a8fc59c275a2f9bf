import type { TripEvent } from "@tabi/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect";
import { type Language, t } from "../../i18n";
import { type MailProvider, notificationMail } from "../../providers/mail";
import type { TripBus } from "../../realtime/bus";
import type { Presence } from "../../realtime/presence";
import { type DueReminder, dueReminders, type ReminderTrip } from "./due";
import * as q from "./queries";
import { type Toggle, UnsubscribeKeys } from "./token";

/** At most one chat e-mail per trip per user in this time. */
export const MESSAGE_MAIL_QUIET_MS = 15 * 60_000;

export interface NotificationDeps {
  db: Db;
  mail: MailProvider;
  bus: TripBus;
  presence: Presence;
  publicUrl: string;
  secret: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

const KIND_TEXT: Record<Toggle, Parameters<typeof t>[0]> = {
  newMembers: "server:notifications.kindNewMembers",
  tripUpdates: "server:notifications.kindTripUpdates",
  reminders: "server:notifications.kindReminders",
  messages: "server:notifications.kindMessages",
};

/** What a toggle's e-mails are called in a language ("reminder e-mails"). */
export const kindName = (toggle: Toggle, lng: Language) => t(KIND_TEXT[toggle], undefined, lng);

/** A zone's name in the language ("Japan Standard Time", "日本標準時"), as the app writes it; else its id. */
const zoneName = (timeZone: string, at: Date, lng: Language) => {
  for (const style of ["longGeneric", "long"] as const) {
    try {
      const name = new Intl.DateTimeFormat(lng, { timeZone, timeZoneName: style })
        .formatToParts(at)
        .find((p) => p.type === "timeZoneName")?.value;
      if (name && !/^(GMT|UTC)([+-−]|$)/.test(name)) return name;
    } catch {
      // an unknown zone or style: the next, else the id
    }
  }
  return timeZone;
};

/** A deadline on the trip's clock with its zone named, as the app shows it (decisions/0017). */
const formatDeadline = (at: Date, timezone: string, lng: Language) => {
  try {
    const when = new Intl.DateTimeFormat(lng, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: timezone,
    });
    return t(
      "server:notifications.inZone",
      { time: when.format(at), zone: zoneName(timezone, at, lng) },
      lng,
    );
  } catch {
    return at.toISOString();
  }
};
const formatDate = (date: string, lng: Language) =>
  new Intl.DateTimeFormat(lng, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

type Trip = Pick<ReminderTrip, "id" | "name" | "timezone">;

/**
 * Notification e-mails (issue 16), per each member's toggles and language: new members to the
 * admins, trip updates (a new plan, a deadline set), reminders (deadline, start), and new chat
 * messages while away. Every mail is claimed in notification_log before it leaves, so with several
 * server processes (each hearing the same trip events) one of them sends it, once.
 */
export class NotificationService {
  readonly keys: UnsubscribeKeys;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly now: () => Date;

  constructor(private readonly deps: NotificationDeps) {
    this.keys = new UnsubscribeKeys(deps.secret);
    this.now = deps.now ?? (() => new Date());
  }

  /** Listens to the trips' events: a saved plan, a chat message. Returns the stop. */
  start(): () => void {
    return this.deps.bus.subscribeAll((event) => this.heard(event));
  }

  private heard(event: TripEvent) {
    if (event.type === "optimization.completed") this.later(() => this.planSaved(event.resultId));
    else if (event.type === "chat.message") this.later(() => this.messageSent(event.messageId));
  }

  /** Fire and forget: never fails the caller; failures are logged. */
  private later(work: () => Promise<unknown>) {
    const p = work()
      .catch((err) => this.deps.log.warn({ err }, "a notification e-mail failed"))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when the notifications started so far are done (tests). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** Hook: a member joined (invitation code or share link). To the trip's admins. */
  memberJoined(tripId: string, userId: string): void {
    this.later(async () => {
      const { db } = this.deps;
      const [trip, joined] = await Promise.all([q.tripInfo(db, tripId), q.joinedAt(db, tripId, userId)]);
      if (!trip || !joined) return;
      const name = await q.userName(db, userId);
      const key = `${userId}:${joined.toISOString()}`;
      for (const r of await q.recipients(db, tripId))
        if (r.role === "admin" && r.userId !== userId && r.toggles.newMembers)
          await this.send(r, trip, "member", key, "newMembers", (lng) => ({
            subject: t("server:notifications.memberJoinedSubject", { name, trip: trip.name }, lng),
            lines: [t("server:notifications.memberJoinedBody", { name, trip: trip.name }, lng)],
          }));
    });
  }

  /** Hook: a trip was edited; a deadline set or changed is news for the other members. */
  tripEdited(scope: { tripId: string; userId: string }, input: { addPlaceDeadline?: string | null }): void {
    if (!input.addPlaceDeadline) return;
    this.later(async () => {
      const { db } = this.deps;
      const trip = await q.tripInfo(db, scope.tripId);
      const deadline = trip?.addPlaceDeadline;
      if (!trip || !deadline) return;
      const name = await q.userName(db, scope.userId);
      for (const r of await q.recipients(db, trip.id))
        if (r.userId !== scope.userId && r.toggles.tripUpdates)
          await this.send(r, trip, "deadline", deadline.toISOString(), "tripUpdates", (lng) => ({
            subject: t("server:notifications.deadlineSetSubject", { trip: trip.name }, lng),
            lines: [
              t(
                "server:notifications.deadlineSetBody",
                { name, trip: trip.name, deadline: formatDeadline(deadline, trip.timezone, lng) },
                lng,
              ),
            ],
          }));
    });
  }

  /** A new plan was saved (by a server or a worker process): to the members but its author. */
  private async planSaved(resultId: string) {
    const { db } = this.deps;
    const plan = await q.planAuthor(db, resultId);
    if (!plan) return;
    const trip = await q.tripInfo(db, plan.tripId);
    if (!trip) return;
    const name = await q.userName(db, plan.createdBy);
    for (const r of await q.recipients(db, trip.id))
      if (r.userId !== plan.createdBy && r.toggles.tripUpdates)
        await this.send(r, trip, "plan", resultId, "tripUpdates", (lng) => ({
          subject: t("server:notifications.planSavedSubject", { trip: trip.name }, lng),
          lines: [t("server:notifications.planSavedBody", { name, trip: trip.name }, lng)],
        }));
  }

  /**
   * A chat message: to the members who are away (no socket on the trip, in any process), at most one
   * e-mail per trip per 15 minutes, with how many messages they have not read and the last one.
   */
  private async messageSent(messageId: string) {
    const { db, presence } = this.deps;
    const message = await q.messageRow(db, messageId);
    if (!message) return;
    const trip = await q.tripInfo(db, message.tripId);
    if (!trip) return;
    const online = new Set(presence.users(trip.id));
    const now = this.now();
    const window = new Date(Math.floor(now.getTime() / MESSAGE_MAIL_QUIET_MS) * MESSAGE_MAIL_QUIET_MS);
    const name = message.senderName ?? "";
    for (const r of await q.recipients(db, trip.id)) {
      if (r.userId === message.userId || !r.toggles.messages || online.has(r.userId)) continue;
      const row = { kind: "messages" as const, userId: r.userId, tripId: trip.id, key: window.toISOString() };
      if (!(await q.claim(db, row, now, MESSAGE_MAIL_QUIET_MS))) continue;
      const count = Math.max(1, await q.unreadCount(db, trip.id, r.userId, message.num));
      await this.deliver(r, trip, row, "messages", (lng) => ({
        subject: t("server:notifications.messagesSubject", { count, trip: trip.name }, lng),
        lines: [t("server:notifications.messagesBody", { count, trip: trip.name, name }, lng)],
        quote:
          message.messageType === "image" && !message.content
            ? t("server:notifications.photoMessage", undefined, lng)
            : (message.content ?? ""),
      }));
    }
  }

  /** The scheduler's tick: sends the reminders due now, each once. Answers how many went. */
  async runReminders(now = this.now()): Promise<number> {
    const { db } = this.deps;
    const { deadlines, starts } = await q.reminderCandidates(db, now);
    const byId = new Map<string, ReminderTrip>();
    for (const trip of [...deadlines, ...starts]) byId.set(trip.id, trip);
    let sent = 0;
    for (const due of dueReminders([...byId.values()], now))
      for (const r of await q.recipients(db, due.trip.id))
        if (
          r.toggles.reminders &&
          (await this.send(r, due.trip, due.kind, due.key, "reminders", (lng) => this.reminderText(due, lng)))
        )
          sent++;
    return sent;
  }

  private reminderText(due: DueReminder, lng: Language) {
    const trip = due.trip.name;
    if (due.kind === "deadline_reminder") {
      const deadline = formatDeadline(due.trip.addPlaceDeadline!, due.trip.timezone, lng);
      return {
        subject: t("server:notifications.deadlineReminderSubject", { trip }, lng),
        lines: [t("server:notifications.deadlineReminderBody", { trip, deadline }, lng)],
      };
    }
    return {
      subject: t("server:notifications.startReminderSubject", { trip }, lng),
      lines: [
        t("server:notifications.startReminderBody", { trip, date: formatDate(due.trip.startDate, lng) }, lng),
      ],
    };
  }

  /** Claims (kind, user, trip, key) and sends: false when another call or process had it already. */
  private async send(
    r: q.Recipient,
    trip: Trip,
    kind: q.LogKind,
    key: string,
    toggle: Toggle,
    content: (lng: Language) => { subject: string; lines: string[]; quote?: string },
  ): Promise<boolean> {
    const row = { kind, userId: r.userId, tripId: trip.id, key };
    if (!(await q.claim(this.deps.db, row, this.now()))) return false;
    return this.deliver(r, trip, row, toggle, content);
  }

  private async deliver(
    r: q.Recipient,
    trip: Trip,
    row: Parameters<typeof q.release>[1],
    toggle: Toggle,
    content: (lng: Language) => { subject: string; lines: string[]; quote?: string },
  ): Promise<boolean> {
    const lng = r.language;
    const unsubscribeUrl = `${this.deps.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(this.keys.sign(r.userId, toggle))}`;
    const mail = notificationMail({
      ...content(lng),
      name: r.name,
      tripUrl: `${this.deps.publicUrl}/trip/${trip.id}`,
      unsubscribeUrl,
      kind: kindName(toggle, lng),
      lng,
    });
    try {
      await this.deps.mail.send({ to: r.email, ...mail });
      return true;
    } catch (err) {
      this.deps.log.warn({ err, kind: row.kind, tripId: row.tripId }, "a notification e-mail failed");
      await q.release(this.deps.db, row).catch(() => {}); // the next run may try again
      return false;
    }
  }

  /** Turns the token's toggle off; null for a bad token or a user who is gone. */
  async unsubscribe(token: string): Promise<{ toggle: Toggle; language: Language } | null> {
    const found = this.keys.verify(token);
    if (!found) return null;
    const done = await q.setToggleOff(this.deps.db, found.userId, found.toggle);
    return done && { toggle: found.toggle, language: done.language };
  }
}
