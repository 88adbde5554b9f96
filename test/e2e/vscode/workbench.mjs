// Driving the VS Code workbench the way a person does: keyboard shortcuts, the command palette,
// Quick Open, and reading what is on screen. Selectors are VS Code's own DOM classes.
const isMac = process.platform === 'darwin';
const mod = isMac ? 'Meta' : 'Control';

export class Workbench {
  constructor(page) {
    this.page = page;
  }

  async waitReady() {
    await this.page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    // The explorer lists the folder once the remote file system is up.
    await this.page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60_000 });
  }

  async quickInput(text) {
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(text);
    return input;
  }

  /** Run a command by its palette title, as F1 does. */
  async runCommand(title) {
    await this.page.keyboard.press('F1');
    await this.quickInput(`>${title}`);
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    await row.waitFor({ timeout: 10_000 });
    await row.click();
  }

  /** Open a workspace-relative file through Quick Open and wait for its editor. */
  async openFile(relativePath) {
    await this.page.keyboard.press(`${mod}+P`);
    await this.quickInput(relativePath);
    const name = relativePath.split('/').pop();
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 15_000 });
    await this.page.keyboard.press('Enter');
    await this.page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: 15_000 });
    await this.focusEditor();
  }

  async focusEditor() {
    await this.page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click({ position: { x: 5, y: 5 } });
  }

  /** Put the cursor at a 1-based line and column with Go to Line. */
  async goTo(line, column) {
    await this.page.keyboard.press(`${mod}+G`);
    // Go to Line opens Quick Open with a ':' prefix; without it the text would be a file search.
    await this.quickInput(`:${line}:${column}`);
    await this.page.keyboard.press('Enter');
    await this.page.waitForTimeout(200);
  }

  /**
   * The hover at the cursor (Show or Focus Hover), once its text matches: other providers (TypeScript's
   * "loading…") may answer first, and analysis may still be running, so it is shown again until then.
   */
  async hoverAtCursor(pattern, timeout = 60_000) {
    const hover = this.page.locator('.monaco-hover:not(.hidden)').last();
    const deadline = Date.now() + timeout;
    let text = '';
    while (Date.now() < deadline) {
      await this.runCommand('Show or Focus Hover');
      const shown = Date.now();
      while (Date.now() - shown < 4000) {
        text = (await hover.isVisible()) ? await hover.innerText() : '';
        if (pattern.test(text)) return text;
        await this.page.waitForTimeout(250);
      }
      await this.closeWidgets();
    }
    throw new Error(`no hover matching ${pattern} within ${timeout / 1000} s; last hover: ${JSON.stringify(text)}`);
  }

  async closeWidgets() {
    await this.page.keyboard.press('Escape');
    await this.page.waitForTimeout(100);
  }

  /** The Problems panel's rows, as text. */
  async problems() {
    await this.runCommand('View: Focus Problems (Errors, Warnings, Infos)');
    const rows = this.page.locator('.markers-panel .monaco-list-row');
    await rows.first().waitFor({ timeout: 30_000 });
    return rows.allInnerTexts();
  }

  /** Open the quick fix menu at the cursor and choose the first action whose title matches. */
  async applyQuickFix(titlePattern) {
    await this.page.keyboard.press(`${mod}+Period`);
    const items = this.page.locator('.action-widget .monaco-list-row.action');
    await items.first().waitFor({ timeout: 15_000 });
    const titles = await items.allInnerTexts();
    const index = titles.findIndex((t) => titlePattern.test(t));
    if (index < 0) throw new Error(`no quick fix matching ${titlePattern}; offered: ${JSON.stringify(titles)}`);
    await items.nth(index).click();
    return titles[index];
  }

  /** Text of the lines the active editor shows (Monaco renders only visible lines). */
  async visibleText() {
    const lines = this.page.locator('.editor-group-container.active .monaco-editor .view-lines .view-line');
    return (await lines.allInnerTexts()).join('\n').replace(/\u00a0/g, ' ');
  }

  async statusBarText() {
    return this.page.locator('#tool-schema-lens\\.tool-schema-lens\\.toolSchemaLens\\.status, .statusbar-item[id$="toolSchemaLens.status"]').first().innerText();
  }
}
