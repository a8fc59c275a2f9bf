import { Tabs } from "radix-ui";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "../../ui/Spinner";
import { useTrip } from "./api";
import { DeadlineSettings } from "./DeadlineSettings";
import { dateRange } from "./format";
import { LeaveTrip } from "./LeaveTrip";
import { MemberPermissions } from "./MemberPermissions";
import { TripForm } from "./TripFormDialog";

export type SettingsTab = "details" | "permissions" | "deadline";
const tabClass =
  "min-w-0 flex-1 rounded-lg px-1.5 py-2 text-sm leading-tight font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-300 dark:data-[state=active]:bg-slate-700 dark:data-[state=active]:text-white";

/** Trip Settings: Trip Details, Permissions, Deadline (spec 1 'Dialogs'). */
export function TripSettings({ tripId, tab, onDone }: { tripId: string; tab: SettingsTab; onDone(): void }) {
  const { t } = useTranslation();
  const detail = useTrip(tripId);
  if (!detail.data) return <FullPageSpinner />;
  const { trip } = detail.data;
  return (
    <Tabs.Root defaultValue={tab}>
      <Tabs.List
        aria-label={t("trips:settings.label")}
        className="mb-4 flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
      >
        <Tabs.Trigger value="details" className={tabClass}>
          {t("trips:settings.tabDetails")}
        </Tabs.Trigger>
        <Tabs.Trigger value="permissions" className={tabClass}>
          {t("trips:settings.tabPermissions")}
        </Tabs.Trigger>
        <Tabs.Trigger value="deadline" className={tabClass}>
          {t("trips:settings.tabDeadline")}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="details">
        {trip.my.role === "admin" ? (
          <TripForm trip={trip} onDone={onDone} />
        ) : (
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-slate-500">{t("trips:settings.name")}</dt>
              <dd>{trip.name}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("trips:card.from")}</dt>
              <dd>{trip.departureLocation}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("trips:card.dates")}</dt>
              <dd>{dateRange(trip.startDate, trip.endDate)}</dd>
            </div>
            <p className="pt-2 text-slate-500">{t("trips:settings.adminsOnly")}</p>
          </dl>
        )}
      </Tabs.Content>
      <Tabs.Content value="permissions">
        <MemberPermissions detail={detail.data} />
      </Tabs.Content>
      <Tabs.Content value="deadline">
        <DeadlineSettings detail={detail.data} />
      </Tabs.Content>
      {/* Under every tab: a member's settings open on Permissions, where it was out of sight. */}
      <LeaveTrip detail={detail.data} onDone={onDone} />
    </Tabs.Root>
  );
}
