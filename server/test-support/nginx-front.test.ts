import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { nginxProgram, renderSite, siteFile, writeNginxConfig } from './nginx-front';
import { tempDir } from './test-app';

const places = { serverPorts: [41001, 41002], listenPort: 41000, distDir: '/srv/cfop-test/dist' } as const;

describe("the deploy's nginx site", () => {
  it("passes nginx's own check, rendered as the browser tests run it", async () => {
    const dir = tempDir();
    const args = await writeNginxConfig(dir, places);
    const { stderr } = await promisify(execFile)(nginxProgram, ['-t', ...args]);
    expect(stderr).toContain('test is successful');
  });

  it("has each of an operator's values in place, replaced everywhere", () => {
    const rendered = renderSite(readFileSync(siteFile, 'utf8'), places);
    expect(rendered).not.toMatch(/127\.0\.0\.1:808[12]|listen 80;|\/opt\/cfop\/dist/);
    // Both upstreams (calls and live video) name both servers.
    expect(rendered.match(/server 127\.0\.0\.1:41001 /g)).toHaveLength(2);
    expect(rendered.match(/server 127\.0\.0\.1:41002 /g)).toHaveLength(2);
    expect(rendered).toContain('listen 127.0.0.1:41000;');
    expect(rendered).toContain('root /srv/cfop-test/dist;');
  });

  it('refuses a site whose values were renamed, rather than testing another site', () => {
    const site = readFileSync(siteFile, 'utf8').replaceAll('/opt/cfop/dist', '/var/www/cfop');
    expect(() => renderSite(site, places)).toThrow('/opt/cfop/dist');
  });
});
