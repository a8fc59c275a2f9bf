import { canAddPlacesAt, type Member, memberColor, type Trip } from "@tabi/contracts";
import type { MemberRow, TripRow } from "./queries";

export type MemberWithUser = {
  userId: string;
  role: "admin" | "member";
  colorIndex: number | null;
  canEditPlaces: boolean;
  canOptimize: boolean;
  canAddPlaces: boolean;
  canInviteMembers: boolean;
  joinedAt: Date;
  name: string;
  email: string;
  isGuest: boolean;
};

/** Members may add places while the deadline has not passed; admins always may (spec 1 s.6). */
export function canAddPlacesNow(
  trip: Pick<TripRow, "addPlaceDeadline">,
  member: Pick<MemberRow, "role" | "canAddPlaces">,
  now = new Date(),
) {
  return canAddPlacesAt(trip.addPlaceDeadline, member, now);
}

export function presentMember(m: MemberWithUser, ownerId: string): Member {
  return {
    userId: m.userId,
    name: m.name,
    email: m.isGuest ? null : m.email,
    isGuest: m.isGuest,
    role: m.role,
    isOwner: m.userId === ownerId,
    colorIndex: m.colorIndex,
    color: memberColor(m.colorIndex),
    joinedAt: m.joinedAt.toISOString(),
    canEditPlaces: m.canEditPlaces,
    canOptimize: m.canOptimize,
    canAddPlaces: m.canAddPlaces,
    canInviteMembers: m.canInviteMembers,
  };
}

/** What a trip shows of the caller's own membership. */
export type MyMembership = Pick<
  MemberRow,
  | "userId"
  | "role"
  | "assignedColorIndex"
  | "canEditPlaces"
  | "canOptimize"
  | "canAddPlaces"
  | "canInviteMembers"
>;

export function presentTrip(trip: TripRow, me: MyMembership, members: MemberWithUser[]): Trip {
  return {
    id: trip.id,
    name: trip.name,
    description: trip.description,
    departureLocation: trip.departureLocation,
    departureLatitude: trip.departureLatitude,
    departureLongitude: trip.departureLongitude,
    destination: trip.destination,
    destinationLatitude: trip.destinationLatitude,
    destinationLongitude: trip.destinationLongitude,
    timezone: trip.timezone,
    startDate: trip.startDate,
    endDate: trip.endDate,
    addPlaceDeadline: trip.addPlaceDeadline?.toISOString() ?? null,
    ownerId: trip.ownerId,
    memberCount: members.length || trip.totalMembers,
    createdAt: trip.createdAt.toISOString(),
    my: {
      userId: me.userId,
      role: me.role,
      isOwner: trip.ownerId === me.userId,
      colorIndex: me.assignedColorIndex,
      canEditPlaces: me.canEditPlaces || me.role === "admin",
      canOptimize: me.canOptimize || me.role === "admin",
      canAddPlaces: me.canAddPlaces || me.role === "admin",
      canInviteMembers: me.canInviteMembers || me.role === "admin",
      canAddPlacesNow: canAddPlacesNow(trip, me),
    },
    memberPreview: members
      .slice(0, 3)
      .map((m) => ({ userId: m.userId, name: m.name, color: memberColor(m.colorIndex) })),
  };
}
