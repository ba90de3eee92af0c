export const INTEREST_AREAS = ['professional', 'student', 'entrepreneur', 'manager', 'creative', 'developer', 'other'] as const;
export type InterestArea = (typeof INTEREST_AREAS)[number];
