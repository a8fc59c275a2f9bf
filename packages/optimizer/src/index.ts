// The itinerary solver arrives with issue 5; this package stays free of I/O and app dependencies.
export {};
