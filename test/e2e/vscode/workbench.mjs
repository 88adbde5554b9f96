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
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    // The palette can open before its commands are listed (seen in CI on a busy machine): a person would open it
    // again. Once more, never silently: the second attempt must list the command.
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press('F1');
      await this.quickInput(`>${title}`);
      try {
        await row.waitFor({ timeout: attempt === 1 ? 10_000 : 20_000 });
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
        console.log(`  (the palette did not list "${title}": opening it again)`);
        await this.page.keyboard.press('Escape');
      }
    }
    await row.click();
  }

  /** Open a workspace-relative file through Quick Open and wait for its editor. */
  async openFile(relativePath) {
    const name = relativePath.split('/').pop();
    const tab = this.page.locator('.tabs-container .tab.active', { hasText: name });
    // A click can land while the list re-renders under it (the row it meant is replaced): then the file does not
    // open, and a person would simply do it again. Once more, never silently: the second attempt must open it.
    for (let attempt = 1; ; attempt++) {
      await this.closeWidgets();
      await this.page.keyboard.press(`${mod}+P`);
      await this.quickInput(relativePath);
      // Click the file's own row: Enter could still pick a stale "recently opened" row while the list filters.
      // A row shows the name and, apart, the folder.
      const folder = relativePath.split('/').slice(0, -1).join('/');
      const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: name }).filter({ hasText: folder }).first();
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      try {
        await tab.waitFor({ timeout: attempt === 1 ? 8_000 : 15_000 });
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
        console.log(`  (Quick Open did not open ${relativePath}: opening it again)`);
        await this.page.keyboard.press('Escape');
      }
    }
    await this.focusEditor();
  }

  async focusEditor() {
    const lines = this.page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
    try {
      await lines.click({ position: { x: 5, y: 5 }, timeout: 10_000 });
    } catch {
      // A widget left over from the step before (a context view, a quick input closing) can take the click: dismiss
      // it as a person would, then click the text itself.
      await this.page.keyboard.press('Escape');
      await this.page.keyboard.press('Escape');
      await lines.click({ position: { x: 5, y: 5 }, force: true });
    }
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
   * The hover over the word at the cursor, as a person gets it: the mouse rests on the text. Once its text
   * matches: other providers (TypeScript's "loading…") may answer first, so the mouse comes back until then.
   */
  async hoverAtCursor(pattern, timeout = 60_000) {
    const hover = this.page.locator('.monaco-hover:not(.hidden)').last();
    const cursor = this.page.locator('.editor-group-container.active .monaco-editor .cursors-layer .cursor').first();
    const deadline = Date.now() + timeout;
    let text = '';
    while (Date.now() < deadline) {
      const box = await cursor.boundingBox();
      if (!box) throw new Error('no cursor in the active editor');
      await this.page.mouse.move(box.x + 40, box.y - 60);
      await this.page.mouse.move(box.x + 5, box.y + box.height / 2, { steps: 4 });
      const shown = Date.now();
      while (Date.now() - shown < 4000) {
        // A hover can vanish between the check and the read; that reads as no text yet.
        text = (await hover.isVisible()) ? await hover.innerText({ timeout: 1000 }).catch(() => '') : '';
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
    // The menu waits on the server's code actions: 15 s was once too short with both cores busy (a CI retry).
    await items.first().waitFor({ timeout: 60_000 });
    const titles = await items.allInnerTexts();
    const index = titles.findIndex((t) => titlePattern.test(t));
    if (index < 0) throw new Error(`no quick fix matching ${titlePattern}; offered: ${JSON.stringify(titles)}`);
    await items.nth(index).click();
    return titles[index];
  }

  /** Find text in the active editor, which scrolls it into view. */
  async findInEditor(text) {
    await this.page.keyboard.press(`${mod}+F`);
    const input = this.page.locator('.editor-group-container.active .find-widget textarea, .editor-group-container.active .find-widget input').first();
    await input.waitFor({ timeout: 10_000 });
    await input.fill(text);
    await this.page.keyboard.press('Enter');
    await this.page.keyboard.press('Escape');
  }

  /** Text of the lines the active editor shows (Monaco renders only visible lines). */
  async visibleText() {
    const lines = this.page.locator('.editor-group-container.active .monaco-editor .view-lines .view-line');
    return (await lines.allInnerTexts()).join('\n').replace(/\u00a0/g, ' ');
  }

  /** Trust the open folder from the Workspace Trust editor, as a person leaving Restricted Mode does. */
  async grantWorkspaceTrust() {
    await this.runCommand('Workspaces: Manage Workspace Trust');
    const trust = this.page.locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust$/ }).first();
    await trust.waitFor({ timeout: 15_000 });
    await trust.click();
    await this.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor({ state: 'detached', timeout: 15_000 });
    await this.page.keyboard.press(`${mod}+W`); // close the trust editor
  }

  /** Whether a squiggle of the given kind sits on the cursor's line. */
  async squiggleOnCursorLine(kind = 'warning') {
    return this.page.evaluate((kind) => {
      const editor = document.querySelector('.editor-group-container.active .monaco-editor');
      const current = editor?.querySelector('.view-overlays .current-line');
      if (!current) return false;
      const top = current.getBoundingClientRect().top;
      return [...editor.querySelectorAll(`.squiggly-${kind}`)].some((s) => Math.abs(s.getBoundingClientRect().top - top) < 4);
    }, kind);
  }

  async statusBarText() {
    return this.page
      .locator('#tool-schema-lens\\.tool-schema-lens\\.toolSchemaLens\\.status, .statusbar-item[id$="toolSchemaLens.status"]')
      .first()
      .innerText();
  }
}
