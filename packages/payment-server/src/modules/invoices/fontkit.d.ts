// fontkit ships no types; this covers the one call pdf.ts makes. pdfkit takes the parsed font.
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
