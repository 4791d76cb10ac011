/** Longest note and longest rejection reason, in characters (decision 097): the forms' limits, without the schemas. */
export const ANNOTATION_MAX = 4000;
export const REASON_MAX = 500;
