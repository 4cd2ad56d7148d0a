/** A `.sql` file imported as its text (webpack `asset/source`; tools/jest/sql-transform.js). */
declare module '*.sql' {
  const text: string;
  export default text;
}
