-- `patternlint lsp` driven by Neovim's own LSP client (0.7, Debian's `neovim`, and later), headless:
-- scripts/lsp-check runs it with PATTERNLINT_BIN and LSP_WORKSPACE set. Diagnostics with their
-- evidence on open, hover with the note, a fix applied through the client's own edit code until the
-- diagnostic clears, and in a note its `notes check` problem and a link's definition.
local bin, root = os.getenv("PATTERNLINT_BIN"), os.getenv("LSP_WORKSPACE")
local failed = 0

local function check(ok, what)
  print((ok and "ok: " or "FAILED: ") .. what)
  if not ok then failed = failed + 1 end
end

local function code(diagnostic)
  return diagnostic.code or (diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code)
end

local function find(buf, rule)
  for _, diagnostic in ipairs(vim.diagnostic.get(buf)) do
    if code(diagnostic) == rule then return diagnostic end
  end
end

local client = vim.lsp.start_client({ name = "patternlint", cmd = { bin, "lsp" }, root_dir = root })

local function open(relative)
  vim.cmd("edit " .. root .. "/" .. relative)
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client)
  return buf
end

local function request(buf, method, params)
  local answers = vim.lsp.buf_request_sync(buf, method, params, 30000) or {}
  for _, answer in pairs(answers) do return answer.result end
end

-- Swift: the findings, the note on hover, a fix applied.
local home = open("Sources/Home.swift")
local uri = vim.uri_from_bufnr(home)
check(vim.wait(30000, function() return find(home, "state-not-private") ~= nil end, 20), "diagnostics on open")
local constant = find(home, "constant-binding")
local evidence = constant and constant.user_data and constant.user_data.lsp.relatedInformation
check(evidence ~= nil and #evidence > 0, "evidence as related information")
local state = find(home, "state-not-private")
local hover = state and request(home, "textDocument/hover",
  { textDocument = { uri = uri }, position = { line = state.lnum, character = state.col + 1 } })
check(hover ~= nil and hover.contents.value:find("Views%-Only State Management") ~= nil, "hover shows the note")
local actions = state and request(home, "textDocument/codeAction", {
  textDocument = { uri = uri },
  range = { start = { line = state.lnum, character = 0 }, ["end"] = { line = state.lnum, character = 0 } },
  context = { diagnostics = {} },
}) or {}
local fix
for _, action in ipairs(actions) do
  if action.edit and action.isPreferred then fix = fix or action end
end
check(fix ~= nil, "a preferred fix among the code actions")
if fix then
  vim.lsp.util.apply_workspace_edit(fix.edit, "utf-16")
  check(vim.wait(30000, function() return find(home, "state-not-private") == nil end, 20),
    "the fix applied clears the diagnostic")
  check(vim.api.nvim_buf_get_lines(home, 2, 3, false)[1]:find("private") ~= nil, "the buffer holds the fix")
end

-- A note: what `notes check` says of it, and a link that leads to its note.
local note = open("notes/checkout.md")
check(vim.wait(30000, function() return find(note, "orphan") ~= nil end, 20), "notes check problems in a note")
local lines = vim.api.nvim_buf_get_lines(note, 0, -1, false)
for number, text in ipairs(lines) do
  local column = text:find("[[Sheet Bindings", 1, true)
  if column then
    local location = request(note, "textDocument/definition", {
      textDocument = { uri = vim.uri_from_bufnr(note) }, position = { line = number - 1, character = column + 3 } })
    if location and location[1] then location = location[1] end
    check(location ~= nil and location.uri:find("notes/sheets.md", 1, true) ~= nil, "definition of a wiki link")
    break
  end
end

vim.lsp.stop_client(client)
if failed > 0 then vim.cmd("cquit 1") else vim.cmd("qall!") end
