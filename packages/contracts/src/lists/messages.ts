/**
 * The checklist texts (issue 30 item 3), in English; the catalogues' "lists" section says them in en,
 * ja, ko and zh under the same keys. Without placeholders, so the server finds a zod message's key by
 * its words (the limits are written out).
 */
export const LIST_MESSAGES = {
  titleRequired: "Please give the list a name",
  titleTooLong: "Please use at most 80 characters for the list's name",
  kindInvalid: "Please choose what kind of list it is",
  itemRequired: "Please enter the item",
  itemTooLong: "Please use at most 200 characters for an item",
  starterInvalid: "This starter list does not exist",
  listNotFound: "List not found",
  itemNotFound: "Item not found",
  neighbourNotFound: "The item to move next to is no longer in the list",
  assigneeNotMember: "Only a member of the trip can be assigned an item",
  onlyAuthorOrAdmin: "Only the person who made the list or a trip admin can delete it",
  tooManyLists: "A trip can keep at most 50 lists",
  tooManyItems: "A list can keep at most 500 items",
  nothingToChange: "Nothing to change",
} as const;
export type ListMessageKey = keyof typeof LIST_MESSAGES;
