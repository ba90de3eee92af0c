/** The settings a row holds, without the table's keys. Pure, so the stream's consumers read rows with it without importing the repository. */
export const withoutKeys = ({ PK: _pk, SK: _sk, ...row }: Record<string, unknown>) => row;
