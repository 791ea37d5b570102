/** JsBarcode's encoder classes as its ES sources export them (the package types only its bundle). */
interface JsBarcodeEncoder {
  encode(): { data: string };
}
type JsBarcodeEncoderClass = new (data: string, options: Record<string, unknown>) => JsBarcodeEncoder;

declare module "jsbarcode/src/barcodes/EAN_UPC/EAN13.js" {
  const EAN13: JsBarcodeEncoderClass;
  export default EAN13;
}
declare module "jsbarcode/src/barcodes/EAN_UPC/EAN8.js" {
  const EAN8: JsBarcodeEncoderClass;
  export default EAN8;
}
declare module "jsbarcode/src/barcodes/EAN_UPC/UPC.js" {
  const UPC: JsBarcodeEncoderClass;
  export default UPC;
}
declare module "jsbarcode/src/barcodes/CODE128/CODE128_AUTO.js" {
  const CODE128: JsBarcodeEncoderClass;
  export default CODE128;
}
