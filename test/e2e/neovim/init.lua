-- Drives the Tool Schema Lens language server from a real Neovim (0.7+), headless: attach to a fixture file,
-- wait for diagnostics, hover a colliding key, apply the rename quick fix, and write what happened to a JSON file.
-- Environment: TSL_SERVER (dist/cli.js), TSL_ROOT (workspace), TSL_OUT (result file).
local root = vim.env.TSL_ROOT
local out = vim.env.TSL_OUT
local result = { published = {}, errors = {} }

local function finish()
  local f = io.open(out, 'w')
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qall!')
end

local function fail(message)
  table.insert(result.errors, message)
  finish()
end

local client_id = vim.lsp.start_client({
  name = 'tool-schema-lens',
  cmd = { 'node', vim.env.TSL_SERVER, 'lsp', '--stdio' },
  root_dir = root,
  -- A server that flattens every tool: the collision and its rename quick fix are what this drives. (Through
  -- init_options: Neovim 0.7 answered workspace/configuration without a `settings` table's section here.)
  init_options = { settings = { toolSchemaLens = { flattenUnionInput = true } } },
  handlers = {
    ['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
      table.insert(result.published, params)
      return vim.lsp.diagnostic.on_publish_diagnostics(err, params, ctx, config)
    end,
  },
})
if not client_id then return fail('could not start the server') end

local file = root .. '/src/tools.ts'
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)
local uri = vim.uri_from_bufnr(bufnr)

local function latest_for(u)
  for i = #result.published, 1, -1 do
    if result.published[i].uri == u then return result.published[i] end
  end
end

local function find(diagnostics, code)
  for _, d in ipairs(diagnostics or {}) do
    if d.code == code then return d end
  end
end

-- 1. Diagnostics for the open buffer.
local collision
vim.wait(60000, function()
  local p = latest_for(uri)
  collision = p and find(p.diagnostics, 'collision-widened')
  return collision ~= nil
end, 50)
if not collision then return fail('no collision-widened diagnostic for ' .. uri) end
result.diagnostics = latest_for(uri).diagnostics
result.shown = #vim.diagnostic.get(bufnr)

-- 2. Hover on the colliding key.
local params = { textDocument = { uri = uri }, position = collision.range.start }
params.position = { line = collision.range.start.line, character = collision.range.start.character + 2 }
local hovers = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 10000) or {}
for _, response in pairs(hovers) do
  if response.result and response.result.contents then result.hover = response.result.contents.value end
end

-- 3. The quick fix for the `photo` variant, resolved if the server left the edit for later, applied as Neovim does.
local actions = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
  textDocument = { uri = uri },
  range = collision.range,
  context = { diagnostics = { collision } },
}, 60000) or {}
result.titles = {}
local chosen
for _, response in pairs(actions) do
  for _, action in ipairs(response.result or {}) do
    table.insert(result.titles, action.title)
    if action.title:find('variant `photo`', 1, true) then chosen = action end
  end
end
if not chosen then return fail('no quick fix for the photo variant') end
if not chosen.edit then
  local resolved = vim.lsp.buf_request_sync(bufnr, 'codeAction/resolve', chosen, 60000) or {}
  for _, response in pairs(resolved) do
    if response.result then chosen = response.result end
  end
end
if not chosen.edit then return fail('the quick fix has no edit') end
local mark = #result.published
vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
vim.cmd('silent! wall')

-- 4. The collision is gone once the server analysed the edited buffer.
local after
vim.wait(60000, function()
  for i = #result.published, mark + 1, -1 do
    local p = result.published[i]
    if p.uri == uri and p.version == vim.lsp.util.buf_versions[bufnr] then
      after = p
      return true
    end
  end
  return false
end, 50)
result.after = after and after.diagnostics or vim.NIL
result.after_version = after and after.version or vim.NIL

-- 5. A clean stop.
vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
finish()
