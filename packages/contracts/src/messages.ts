// The spec's user-facing texts, word for word (spec 1 section 8 and spec 3 section 8).
export const MESSAGES = {
  passwordsDoNotMatch: "Passwords do not match",
  rateLimited: "Too many sign up attempts. Please wait a moment and try again.",
  googleNotConfigured: "Google sign-in is not yet configured. Please use email sign-in instead.",
  googleFailed: "Google authentication failed",
  authFailed: "Authentication failed",
  signUpSuccess: "Please check your email and click the confirmation link to complete sign up.",
  notAuthenticated: "User not authenticated",
  authRequired: "Authentication required",
  sessionExpired: "Session expired. Please refresh the page and sign in again.",
  // Issue 11: a 503 (the database away); the web shows it in a banner until requests succeed again.
  serviceUnavailable: "The service is temporarily unavailable. Please try again in a moment.",
  feedbackMessageRequired: "Please enter your message",
  feedbackFailed: "Failed to submit feedback. Please try again.",
  feedbackThanksTitle: "Thank you!",
  feedbackThanksText: "Your feedback has been sent successfully. We appreciate your input!",
  genericErrorTitle: "Something went wrong",
  genericErrorText: "An unexpected error occurred. Don't worry, we can try to fix this.",
  noTripTitle: "No Trip Selected",
  noTripText: "Please select or create a trip to view details",
} as const;

// Trips and members (spec 1 section 8), and our own where the spec is silent.
export const TRIP_MESSAGES = {
  tripLimitCreate:
    "You have reached the trip limit for your current plan. Please upgrade to Premium to create more trips.",
  tripLimitJoin:
    "You have reached the maximum limit of 3 trips for your current plan. Please upgrade to Premium to join more trips.",
  memberLimit:
    "This trip has reached the limit of 5 members of the free plan. The trip owner can upgrade to Premium to add more.",
  noColors: "No available colors (maximum 20 members per trip)",
  invalidCode: "Invalid invitation code. Please check the code and try again.",
  ownRole: "You cannot change your own role. Please ask another admin to change your role.",
  onlyAdminsRoles: "Only admins can change member roles.",
  onlyAdmins: "Only trip admins can do this.",
  onlyOwnerDelete: "Only the trip owner can delete this trip.",
  ownerStaysAdmin: "The trip owner is always an admin.",
  ownerMustTransfer: "Transfer ownership to another member before leaving the trip.",
  tripNotFound: "Trip not found",
  departureRequired: "Departure location is required",
  datesRequired: "Travel dates are required",
  pastDate: "Dates in the past cannot be chosen",
  endBeforeStart: "The end date cannot be before the start date",
  deadlinePast: "The deadline cannot be in the past",
  deadlineAfterTrip: "The deadline cannot be after the last day of the trip",
  onlyCreatorExtends: "Only the trip creator can extend the deadline. You may set an earlier one.",
  createFailed: "Failed to create trip. Please try again.",
  updateFailed: "Failed to update trip. Please try again.",
  deleteFailed: "Failed to delete trip. Please try again.",
  deleteConfirm: "Are you sure you want to delete this trip?",
  loadFailed: "Failed to load trip data. Please try again.",
  joinFailed: "Failed to join trip",
  joinTooMany: "Too many attempts. Please wait a few minutes and try again.",
} as const;
