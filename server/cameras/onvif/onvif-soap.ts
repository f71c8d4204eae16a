import { createRequire } from 'node:module';

/**
 * The onvif library's own SOAP reading (xml2js, namespace prefixes dropped, tag names camel-cased),
 * so that discovery replies are read as the library reads a device's answers.
 */
interface OnvifUtils {
  parseSOAPString(
    xml: string,
    callback: (error: Error | null, body: unknown) => void,
    statusCode: number,
  ): void;
  linerase(xml: unknown): unknown;
}

const utils = createRequire(import.meta.url)('onvif/lib/utils.js') as OnvifUtils;

/** The SOAP body of `xml` as plain values (`{ probeMatches: { probeMatch: … } }`). */
export function readSoapBody(xml: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    utils.parseSOAPString(
      xml,
      (error, body) => {
        if (error) reject(error);
        else resolve(utils.linerase(body) as Record<string, unknown>);
      },
      200,
    );
  });
}

/** A body the library's own calls answer (xml2js arrays) as plain values, as its readers linerase them. */
export function plainSoapValues(body: unknown): unknown {
  return utils.linerase(body);
}
