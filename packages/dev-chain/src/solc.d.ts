// solc-js ships no types; this covers the one entry point compile-test-token.ts uses.
declare module 'solc' {
  type ImportResult = { contents: string } | { error: string };
  const solc: {
    compile(input: string, callbacks?: { import?: (path: string) => ImportResult }): string;
  };
  export default solc;
}
