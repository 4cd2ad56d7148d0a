/** The parser's own export (it ships no types): families of samples, as parsed. */
declare module 'parse-prometheus-text-format' {
  function parsePrometheusTextFormat(text: string): unknown[];
  export default parsePrometheusTextFormat;
}
