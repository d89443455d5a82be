-- A real editor session against `units lsp`, run by EditorClientTests:
--   UNITS_BIN=... UNITS_JOURNAL=... UNITS_REPORT=... nvim --headless -u NONE -i NONE -c 'luafile nvim-lsp-client.lua'
-- It opens the journal, waits for the server's diagnostics, applies the
-- did-you-mean quick fix, completes a habit name on the last line, formats
-- the buffer with the server's edits, saves, and writes what happened to
-- UNITS_REPORT, one fact a line. Works with Neovim 0.7 and later.
local bin, journal, report = os.getenv("UNITS_BIN"), os.getenv("UNITS_JOURNAL"), os.getenv("UNITS_REPORT")
local lines = {}
local function say(text) table.insert(lines, text) end
local function finish(status)
  say("status " .. status)
  local f = io.open(report, "w"); f:write(table.concat(lines, "\n") .. "\n"); f:close()
  vim.cmd("qa!")
end

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(journal))
  local buf = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "units", cmd = { bin, "lsp", "--today", "2025-12-14" },
    root_dir = vim.fn.fnamemodify(journal, ":h"),
  })
  vim.lsp.buf_attach_client(buf, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  if not vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then error("no diagnostics arrived") end
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    say(string.format("diagnostic %s %d:%d", code, d.lnum, d.col))
  end
  -- The quick fix for the typo on the diagnostic's line.
  local typo
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if code == "undeclared-habit" then typo = d end
  end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = typo.lnum, character = typo.col }, ["end"] = { line = typo.lnum, character = typo.col } },
    context = { diagnostics = {} },
  }
  local actions = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", params, 5000)[client_id].result
  for _, action in ipairs(actions) do
    if action.isPreferred then
      say("action " .. action.title)
      vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
    end
  end
  -- Complete a name on a new last line: "2025-12-14 Medi|".
  local last = vim.api.nvim_buf_line_count(buf)
  vim.api.nvim_buf_set_lines(buf, last, last, false, { "2025-12-14 Medi" })
  local cparams = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = last, character = 15 } }
  local items = vim.lsp.buf_request_sync(buf, "textDocument/completion", cparams, 5000)[client_id].result
  for _, item in ipairs(items) do
    if item.label == "Meditate" then
      say("completion " .. item.label)
      vim.lsp.util.apply_text_edits({ item.textEdit }, buf, "utf-16")
    end
  end
  local line = vim.api.nvim_buf_get_lines(buf, last, last + 1, false)[1]
  vim.api.nvim_buf_set_lines(buf, last, last + 1, false, { line .. " yes" })
  -- Format with the server's edits, then save.
  local fparams = { textDocument = { uri = vim.uri_from_bufnr(buf) }, options = { tabSize = 2, insertSpaces = true } }
  local edits = vim.lsp.buf_request_sync(buf, "textDocument/formatting", fparams, 5000)[client_id].result or {}
  say("format edits " .. #edits)
  vim.lsp.util.apply_text_edits(edits, buf, "utf-16")
  vim.cmd("write")
  -- After the save the server must see a clean journal.
  vim.wait(300)
  say("diagnostics after " .. #vim.diagnostic.get(buf))
  client.stop()
end)
if ok then finish("ok") else say("error " .. tostring(err)); finish("failed") end
