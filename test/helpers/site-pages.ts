// The website's pages as the site itself lists them: the paths of sitemap.xml, so a test that visits
// every page follows the content (a new project or text page is visited without editing the test).

export async function sitePages(baseUrl: string): Promise<string[]> {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}
