/** Who is calling, as recorded on the session for the operator's benefit. */
export interface ClientInfo {
  readonly type: string;
  readonly host: string;
  /** The client's own address (ClientAddress.exact), recorded on the session. */
  readonly ip: string;
  /** What the limits keyed by address count the call under (ClientAddress.countsAs); not recorded. */
  readonly countsAs: string;
  /** The User-Agent header (cut short), recorded on the session to name its device. */
  readonly userAgent: string;
  /** The mark of the browser a single sign-on began in (its cookie); '' when it carries none. */
  readonly signOnBrowser: string;
}

/** The session a call was made in. */
export interface ActiveSession {
  readonly tokenHash: string;
  readonly userId: number;
}
