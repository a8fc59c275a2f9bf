import type { Balances, TripDetail } from "@tabi/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

export interface Person {
  id: string;
  name: string;
  color: string;
}
/** The trip's members (and anyone who left but still has expenses), by member id. */
export interface People {
  list: Person[];
  name(id: string): string;
  color(id: string): string;
}

export function usePeople(detail: TripDetail | undefined, balances: Balances | undefined): People {
  const { t } = useTranslation();
  return useMemo(() => {
    const byId = new Map<string, Person>();
    for (const m of detail?.members ?? []) byId.set(m.userId, { id: m.userId, name: m.name, color: m.color });
    for (const b of balances?.members ?? [])
      if (!byId.has(b.memberId))
        byId.set(b.memberId, {
          id: b.memberId,
          name: b.member?.name ?? t("money:formerMember"),
          color: b.member?.color ?? "#94a3b8",
        });
    return {
      list: [...byId.values()],
      name: (id) => byId.get(id)?.name ?? t("money:formerMember"),
      color: (id) => byId.get(id)?.color ?? "#94a3b8",
    };
  }, [detail, balances, t]);
}
