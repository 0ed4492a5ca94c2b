/**
 * One small driver over two automation protocols, so the journeys are written once and run in
 * Gecko (Debian's firefox-esr through WebDriver BiDi, puppeteer-core) and in WebKit (Debian's
 * WebKitWebDriver with WebKitGTK's MiniBrowser, webdriverio). The journeys act through the page's
 * own DOM (`H` below): what is tested is the app in that engine (its rendering, storage, service
 * worker and scripts), not each protocol's input emulation.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Helpers every page script can use: visible elements found by text or label, and React-friendly input. */
const HELPERS = `
const H = {
  visible(el) {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  },
  text(el) { return (el?.textContent ?? '').replace(/\\s+/g, ' ').trim(); },
  byText(selector, text, root = document) {
    return [...root.querySelectorAll(selector)].find((el) => H.visible(el) && (text instanceof RegExp ? text.test(H.text(el)) : H.text(el) === text)) ?? null;
  },
  labelled(text, root = document) {
    const label = [...root.querySelectorAll('label')].find((l) => H.visible(l) && H.text(l).includes(text));
    return label ? (label.control ?? label.querySelector('input, select, textarea')) : null;
  },
  dialog() { return document.querySelector('dialog[open]'); },
  fill(el, value) {
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    el.focus();
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    el.blur();
  },
};
`;

export abstract class EngineDriver {
  abstract readonly engine: 'firefox' | 'webkit';
  abstract goto(url: string): Promise<void>;
  abstract reload(): Promise<void>;
  abstract url(): Promise<string>;
  abstract close(): Promise<void>;
  /** Runs an async function body in the page, with `H` in scope; returns what it returns (JSON-able). */
  protected abstract evaluate<T>(script: string): Promise<T>;

  run<T>(body: string): Promise<T> {
    return this.evaluate<T>(`return (async () => { ${HELPERS}\n${body} })()`);
  }

  /** Waits until the expression (using `H`) is truthy; fails naming `what` after `timeoutMs`. */
  async waitFor(expression: string, what: string, timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    let last: unknown;
    for (;;) {
      try {
        if (await this.run<boolean>(`return Boolean(${expression});`)) return;
      } catch (error) {
        // A navigation in progress: the page's context is being replaced. Try again.
        last = error;
      }
      if (Date.now() > until) throw new Error(`${this.engine}: timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async click(expression: string, what: string): Promise<void> {
    await this.waitFor(expression, what);
    await this.run(`(${expression}).click();`);
  }

  async fill(expression: string, value: string, what: string): Promise<void> {
    await this.waitFor(expression, what);
    await this.run(`H.fill(${expression}, ${JSON.stringify(value)});`);
  }

  async textOf(expression: string, what: string): Promise<string> {
    await this.waitFor(expression, what);
    return this.run<string>(`return H.text(${expression});`);
  }
}

const VIEWPORT = { width: 390, height: 844 };

class FirefoxDriver extends EngineDriver {
  readonly engine = 'firefox' as const;
  private constructor(
    private readonly browser: import('puppeteer-core').Browser,
    private readonly page: import('puppeteer-core').Page,
  ) {
    super();
  }
  static async launch(): Promise<FirefoxDriver> {
    const { default: puppeteer } = await import('puppeteer-core');
    const browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
      headless: true,
      extraPrefsFirefox: { 'intl.accept_languages': 'de-DE, de' },
    });
    const page = await browser.newPage();
    await page.setViewport(VIEWPORT);
    return new FirefoxDriver(browser, page);
  }
  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'load' });
  }
  async reload() {
    await this.page.reload({ waitUntil: 'load' });
  }
  async url() {
    return this.page.url();
  }
  protected evaluate<T>(script: string): Promise<T> {
    return this.page.evaluate(`(() => { ${script} })()`) as Promise<T>;
  }
  async close() {
    await this.browser.close();
  }
}

const MINIBROWSER = process.env.WEBKIT_BROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

class WebKitDriver extends EngineDriver {
  readonly engine = 'webkit' as const;
  private constructor(
    private readonly browser: WebdriverIO.Browser,
    private readonly driverProcess: ChildProcess,
  ) {
    super();
  }
  /** WebKitWebDriver under a virtual display (MiniBrowser has no headless mode that works, STACK.md). */
  static async launch(port: number): Promise<WebKitDriver> {
    const driverProcess = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], {
      env: { ...process.env, WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS: '1' },
      stdio: 'ignore',
      detached: true,
    });
    const { remote } = await import('webdriverio');
    let lastError: unknown;
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        const browser = await remote({
          hostname: '127.0.0.1',
          port,
          path: '/',
          // Its own log would report every poll that meets a page mid-navigation; the journeys report failures.
          logLevel: 'silent',
          connectionRetryCount: 0,
          capabilities: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } as WebdriverIO.Capabilities,
        });
        await browser.setWindowSize(VIEWPORT.width, VIEWPORT.height).catch(() => undefined);
        return new WebKitDriver(browser, driverProcess);
      } catch (error) {
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    WebKitDriver.stop(driverProcess);
    throw new Error(`webkit: WebKitWebDriver did not start a session: ${String(lastError)}`);
  }
  private static stop(child: ChildProcess) {
    // xvfb-run, the driver and the browser are one process group.
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
  async goto(url: string) {
    await this.browser.url(url);
  }
  async reload() {
    await this.browser.refresh();
  }
  async url() {
    return this.browser.getUrl();
  }
  protected evaluate<T>(script: string): Promise<T> {
    return this.browser.execute(script) as Promise<T>;
  }
  async close() {
    await this.browser.deleteSession().catch(() => undefined);
    WebKitDriver.stop(this.driverProcess);
  }
}

export type Engine = 'firefox' | 'webkit';

/** What each engine needs from Debian (`.ci/run` installs it); a missing piece fails the run with the command. */
export function missingFor(engine: Engine): string | null {
  if (engine === 'firefox') return existsSync(process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr') ? null : 'apt-get install -y firefox-esr';
  return existsSync('/usr/bin/WebKitWebDriver') && existsSync(MINIBROWSER) && existsSync('/usr/bin/xvfb-run') ? null : 'apt-get install -y webkit2gtk-driver xvfb';
}

export function launch(engine: Engine, driverPort: number): Promise<EngineDriver> {
  return engine === 'firefox' ? FirefoxDriver.launch() : WebKitDriver.launch(driverPort);
}
