/** SOAP 1.2 answers of a test ONVIF device, written out as a camera writes them. */

const namespaces =
  'xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:tds="http://www.onvif.org/ver10/device/wsdl"' +
  ' xmlns:trt="http://www.onvif.org/ver10/media/wsdl" xmlns:tptz="http://www.onvif.org/ver20/ptz/wsdl"' +
  ' xmlns:tt="http://www.onvif.org/ver10/schema" xmlns:ter="http://www.onvif.org/ver10/error"';

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function envelope(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><s:Envelope ${namespaces}><s:Body>${body}</s:Body></s:Envelope>`;
}

/** The fault a device answers a request whose credentials it refuses (ONVIF core 5.12.2). */
export const notAuthorized = envelope(
  '<s:Fault><s:Code><s:Value>s:Sender</s:Value><s:Subcode><s:Value>ter:NotAuthorized</s:Value></s:Subcode></s:Code>' +
    '<s:Reason><s:Text xml:lang="en">Sender not Authorized</s:Text></s:Reason></s:Fault>',
);

export const notSupported = (action: string) =>
  envelope(
    '<s:Fault><s:Code><s:Value>s:Sender</s:Value><s:Subcode><s:Value>ter:ActionNotSupported</s:Value></s:Subcode></s:Code>' +
      `<s:Reason><s:Text xml:lang="en">${escapeXml(action)} is not supported</s:Text></s:Reason></s:Fault>`,
  );

export function systemDateAndTime(now: Date): string {
  return envelope(
    '<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime><tt:DateTimeType>NTP</tt:DateTimeType>' +
      '<tt:DaylightSavings>false</tt:DaylightSavings><tt:UTCDateTime>' +
      `<tt:Time><tt:Hour>${now.getUTCHours()}</tt:Hour><tt:Minute>${now.getUTCMinutes()}</tt:Minute><tt:Second>${now.getUTCSeconds()}</tt:Second></tt:Time>` +
      `<tt:Date><tt:Year>${now.getUTCFullYear()}</tt:Year><tt:Month>${now.getUTCMonth() + 1}</tt:Month><tt:Day>${now.getUTCDate()}</tt:Day></tt:Date>` +
      '</tt:UTCDateTime></tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>',
  );
}

export function capabilities(base: string): string {
  return envelope(
    '<tds:GetCapabilitiesResponse><tds:Capabilities>' +
      `<tt:Device><tt:XAddr>${base}/onvif/device_service</tt:XAddr></tt:Device>` +
      `<tt:Media><tt:XAddr>${base}/onvif/media_service</tt:XAddr></tt:Media>` +
      `<tt:PTZ><tt:XAddr>${base}/onvif/ptz_service</tt:XAddr></tt:PTZ>` +
      '</tds:Capabilities></tds:GetCapabilitiesResponse>',
  );
}

export function services(base: string): string {
  const service = (namespace: string, path: string) =>
    `<tds:Service><tds:Namespace>${namespace}</tds:Namespace><tds:XAddr>${base}${path}</tds:XAddr>` +
    '<tds:Version><tt:Major>2</tt:Major><tt:Minor>60</tt:Minor></tds:Version></tds:Service>';
  return envelope(
    '<tds:GetServicesResponse>' +
      service('http://www.onvif.org/ver10/device/wsdl', '/onvif/device_service') +
      service('http://www.onvif.org/ver10/media/wsdl', '/onvif/media_service') +
      service('http://www.onvif.org/ver20/ptz/wsdl', '/onvif/ptz_service') +
      '</tds:GetServicesResponse>',
  );
}

export interface DeviceInformation {
  readonly manufacturer: string;
  readonly model: string;
  readonly firmwareVersion: string;
  readonly serialNumber: string;
  readonly hardwareId: string;
}

export function deviceInformation(info: DeviceInformation): string {
  return envelope(
    '<tds:GetDeviceInformationResponse>' +
      `<tds:Manufacturer>${escapeXml(info.manufacturer)}</tds:Manufacturer><tds:Model>${escapeXml(info.model)}</tds:Model>` +
      `<tds:FirmwareVersion>${escapeXml(info.firmwareVersion)}</tds:FirmwareVersion>` +
      `<tds:SerialNumber>${escapeXml(info.serialNumber)}</tds:SerialNumber><tds:HardwareId>${escapeXml(info.hardwareId)}</tds:HardwareId>` +
      '</tds:GetDeviceInformationResponse>',
  );
}

export interface TestProfile {
  readonly token: string;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly streamUrl: string;
}

export function profiles(list: readonly TestProfile[]): string {
  const profile = (p: TestProfile) =>
    `<trt:Profiles token="${escapeXml(p.token)}" fixed="true"><tt:Name>${escapeXml(p.name)}</tt:Name>` +
    `<tt:VideoEncoderConfiguration token="enc-${escapeXml(p.token)}"><tt:Name>${escapeXml(p.name)}</tt:Name>` +
    '<tt:UseCount>1</tt:UseCount><tt:Encoding>H264</tt:Encoding>' +
    `<tt:Resolution><tt:Width>${p.width}</tt:Width><tt:Height>${p.height}</tt:Height></tt:Resolution>` +
    '</tt:VideoEncoderConfiguration>' +
    '<tt:PTZConfiguration token="ptz-0"><tt:Name>PTZ</tt:Name><tt:NodeToken>ptz-node</tt:NodeToken></tt:PTZConfiguration>' +
    '</trt:Profiles>';
  return envelope(`<trt:GetProfilesResponse>${list.map(profile).join('')}</trt:GetProfilesResponse>`);
}

export function streamUri(url: string): string {
  return envelope(
    `<trt:GetStreamUriResponse><trt:MediaUri><tt:Uri>${escapeXml(url)}</tt:Uri>` +
      '<tt:InvalidAfterConnect>false</tt:InvalidAfterConnect><tt:InvalidAfterReboot>false</tt:InvalidAfterReboot>' +
      '<tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:GetStreamUriResponse>',
  );
}

export function presets(list: ReadonlyMap<string, string>): string {
  const items = [...list].map(
    ([token, name]) =>
      `<tptz:Preset token="${escapeXml(token)}"><tt:Name>${escapeXml(name)}</tt:Name></tptz:Preset>`,
  );
  return envelope(`<tptz:GetPresetsResponse>${items.join('')}</tptz:GetPresetsResponse>`);
}

export function setPreset(token: string): string {
  return envelope(
    `<tptz:SetPresetResponse><tptz:PresetToken>${escapeXml(token)}</tptz:PresetToken></tptz:SetPresetResponse>`,
  );
}

/** An empty `<prefix:ActionResponse/>`, as PTZ moves answer. */
export const emptyResponse = (prefix: string, action: string) => envelope(`<${prefix}:${action}Response/>`);
