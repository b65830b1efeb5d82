"""`patternlint lsp` driven by pytest-lsp/pygls, a client nobody here wrote (scripts/lsp-check runs it).

Each test starts its own server on its own throwaway workspace. Waits are on the server's own
notifications, kept per document in order; the timeouts only stop a hung server from hanging CI.
"""

import asyncio
import json
import os
import pathlib
import shutil
import subprocess
import sys
from collections import defaultdict

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

BINARY = os.environ["PATTERNLINT_BIN"]
TEMPLATE = pathlib.Path(os.environ["LSP_WORKSPACE"])
GUARD = 60  # seconds: only a server that never answers waits this long


def make_client() -> LanguageClient:
    """The stock test client, with every publishDiagnostics and showMessage also kept in order."""
    client = LanguageClient()
    client.published = defaultdict(asyncio.Queue)
    client.shown = asyncio.Queue()
    client.registrations = []
    features = dict(DEFAULT_CLIENT_FEATURES)

    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams):
        client.diagnostics[params.uri] = params.diagnostics
        client.published[params.uri].put_nowait(params)

    def show(client: LanguageClient, params: types.ShowMessageParams):
        client.messages.append(params)
        client.shown.put_nowait(params)

    def register(client: LanguageClient, params: types.RegistrationParams):
        """Watchers the server registers: accepted, as an editor does."""
        client.registrations.extend(params.registrations)
        return None

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = publish
    features[types.WINDOW_SHOW_MESSAGE] = show
    features[types.CLIENT_REGISTER_CAPABILITY] = register
    register_lsp_features(client, features)
    return client


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"], client_factory=make_client))
async def client(lsp_client: LanguageClient, tmp_path):
    workspace = tmp_path / "workspace"
    shutil.copytree(TEMPLATE, workspace)
    lsp_client.workspace_path = workspace
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"), root_uri=workspace.as_uri()
        )
    )
    lsp_client.server_capabilities = result.capabilities
    yield
    await lsp_client.shutdown_session()


def uri_of(client, relative) -> str:
    return (client.workspace_path / relative).as_uri()


async def next_diagnostics(client, uri, until=lambda diagnostics: True):
    """The diagnostics next published for `uri` that satisfy `until` (earlier ones skipped)."""

    async def wait():
        while True:
            params = await client.published[uri].get()
            if until(params.diagnostics):
                return params.diagnostics

    return await asyncio.wait_for(wait(), GUARD)


def open_document(client, relative, text=None):
    path = client.workspace_path / relative
    uri = path.as_uri()
    language = "markdown" if path.suffix == ".md" else "swift"
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id=language, version=1, text=path.read_text() if text is None else text
            )
        )
    )
    return uri


def change_document(client, uri, version, text):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def codes(diagnostics):
    return sorted(str(diagnostic.code) for diagnostic in diagnostics)


def apply_edits(text, edits):
    """Applies LSP text edits (UTF-16 columns) to `text`, last first, as an editor does."""
    lines = text.split("\n")

    def offset(position):
        before = sum(len(line) + 1 for line in lines[: position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        units = line.encode("utf-16-le")[: position.character * 2].decode("utf-16-le")
        return before + len(units)

    ordered = sorted(edits, key=lambda edit: (edit.range.start.line, edit.range.start.character), reverse=True)
    for edit in ordered:
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


def test_capabilities(client):
    capabilities = client.server_capabilities
    assert capabilities.hover_provider
    assert capabilities.code_action_provider
    assert capabilities.definition_provider
    assert "[" in capabilities.completion_provider.trigger_characters
    assert capabilities.references_provider
    assert capabilities.document_symbol_provider
    assert capabilities.rename_provider.prepare_provider
    assert list(capabilities.execute_command_provider.commands) == ["patternlint.openNote"]
    assert capabilities.text_document_sync.change in (
        types.TextDocumentSyncKind.Full,
        types.TextDocumentSyncKind.Incremental,
    )


async def test_diagnostics_with_evidence_on_open_change_and_close(client):
    uri = open_document(client, "Sources/Home.swift")
    diagnostics = await next_diagnostics(client, uri)
    assert codes(diagnostics) == ["constant-binding", "state-not-private"]
    constant = next(d for d in diagnostics if d.code == "constant-binding")
    assert constant.severity == types.DiagnosticSeverity.Error
    assert constant.source == "patternlint"
    # The evidence: the `.sheet` that writes the binding back, on line 6 (0-based 5).
    assert constant.related_information, "the evidence is missing"
    evidence = constant.related_information[0]
    assert evidence.location.uri == uri and evidence.location.range.start.line == 5
    assert evidence.location.range.start.character == 21  # on `sheet`
    assert "writes `isPresented` back" in evidence.message
    # A built-in note is no file in the workspace: no link.
    assert constant.code_description is None
    state = next(d for d in diagnostics if d.code == "state-not-private")
    assert state.severity == types.DiagnosticSeverity.Warning
    assert (state.range.start.line, state.range.start.character, state.range.end.character) == (2, 4, 10)

    # An unsaved edit wins over the disk: the state becomes private in the buffer only.
    text = (client.workspace_path / "Sources/Home.swift").read_text()
    change_document(client, uri, 2, text.replace("@State var page", "@State private var page"))
    diagnostics = await next_diagnostics(client, uri)
    assert codes(diagnostics) == ["constant-binding"]

    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert list(await next_diagnostics(client, uri)) == []


async def test_baselined_findings_are_not_shown(client):
    workspace = client.workspace_path
    # The CLI records today's findings; the configuration names the baseline, then is reloaded.
    subprocess.run(
        [BINARY, "lint", "--write-baseline", "baseline.json"], cwd=workspace, check=True, capture_output=True
    )
    configuration = workspace / ".patternlint.yml"
    configuration.write_text(configuration.read_text() + "baseline: baseline.json\n")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=configuration.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    uri = open_document(client, "Sources/Home.swift")
    assert list(await next_diagnostics(client, uri)) == []
    # A new finding in the buffer is shown; the recorded ones stay hidden.
    text = (workspace / "Sources/Home.swift").read_text()
    added = text.replace(
        "Pager(page: $page)",
        'Pager(page: $page)\n        Text("More").sheet(isPresented: .constant(true)) { Text("x") }',
    )
    change_document(client, uri, 2, added)
    diagnostics = await next_diagnostics(client, uri)
    assert [(d.code, d.range.start.line) for d in diagnostics] == [("constant-binding", 5)]


async def test_evidence_in_utf16_columns(client):
    assert client.server_capabilities.position_encoding == types.PositionEncodingKind.Utf16
    text = (client.workspace_path / "Sources/Home.swift").read_text()
    text = text.replace('Text("Help").sheet', 'Text("🦋").sheet')
    uri = open_document(client, "Sources/Home.swift", text)
    diagnostics = await next_diagnostics(client, uri)
    constant = next(d for d in diagnostics if d.code == "constant-binding")
    line = text.split("\n")[5]
    utf16 = lambda s: len(s.encode("utf-16-le")) // 2
    assert constant.range.start.character == utf16(line[: line.index(".constant")])
    sheet = constant.related_information[0].location.range
    # The evidence names `sheet`, after the dot.
    assert (sheet.start.character, sheet.end.character) == (
        utf16(line[: line.index("sheet(")]),
        utf16(line[: line.index("sheet(") + len("sheet")]),
    )


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"], client_factory=make_client))
async def utf8_client(lsp_client: LanguageClient, tmp_path):
    """A client offering UTF-8 positions (LSP 3.17 `general.positionEncodings`), as Neovim and Helix do."""
    workspace = tmp_path / "workspace"
    shutil.copytree(TEMPLATE, workspace)
    lsp_client.workspace_path = workspace
    capabilities = client_capabilities("visual-studio-code")
    general = capabilities.general or types.GeneralClientCapabilities()
    general.position_encodings = [types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf8]
    capabilities.general = general
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=capabilities, root_uri=workspace.as_uri())
    )
    lsp_client.server_capabilities = result.capabilities
    yield
    await lsp_client.shutdown_session()


async def test_positions_in_bytes_when_the_client_offers_utf8(utf8_client):
    client = utf8_client
    assert client.server_capabilities.position_encoding == types.PositionEncodingKind.Utf8
    # An emoji and an accent combined with its letter (two scalars) before the finding, CR line ends.
    text = (client.workspace_path / "Sources/Home.swift").read_text()
    text = text.replace('Text("Help").sheet', 'Text("🦋 e\u0301").sheet').replace("\n", "\r")
    uri = open_document(client, "Sources/Home.swift", text)
    diagnostics = await next_diagnostics(client, uri)
    constant = next(d for d in diagnostics if d.code == "constant-binding")
    line = text.split("\r")[5]
    utf8 = lambda s: len(s.encode("utf-8"))
    assert (constant.range.start.line, constant.range.start.character) == (5, utf8(line[: line.index(".constant")]))
    sheet = constant.related_information[0].location.range
    assert (sheet.start.character, sheet.end.character) == (
        utf8(line[: line.index("sheet(")]),
        utf8(line[: line.index("sheet(") + len("sheet")]),
    )


async def test_team_note_linked_by_its_file(client):
    uri = open_document(client, "Sources/Profile.swift")
    diagnostics = await next_diagnostics(client, uri)
    team = next(d for d in diagnostics if d.code == "no-constant-profile")
    assert team.code_description.href == uri_of(client, "notes/sheets.md")


async def test_other_open_files_republished_when_their_findings_change(client):
    home = open_document(client, "Sources/Home.swift")
    diagnostics = await next_diagnostics(client, home)
    state = next(d for d in diagnostics if d.code == "state-not-private")
    assert not state.related_information
    # A new, unsaved file extends Home and reads `page`: Home's finding now names it.
    extension = open_document(
        client, "Sources/Ext.swift", 'extension Home {\n    func describe() -> String { "page \\(page)" }\n}\n'
    )
    diagnostics = await next_diagnostics(client, home)
    state = next(d for d in diagnostics if d.code == "state-not-private")
    assert [info.location.uri for info in state.related_information] == [extension]
    assert "extension in another file uses it" in state.message


async def hover_at(client, uri, line, character):
    return await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=line, character=character),
            )
        ),
        GUARD,
    )


async def test_hover_shows_message_evidence_and_note(client):
    uri = open_document(client, "Sources/Home.swift")
    await next_diagnostics(client, uri)
    value = (await hover_at(client, uri, 5, 42)).contents.value
    assert "**constant-binding**" in value
    assert "Evidence:" in value and "writes `isPresented` back" in value
    assert "Dual Initializer Pattern" in value, value  # the built-in note's title
    # Away from any finding: nothing.
    assert await hover_at(client, uri, 0, 0) is None

    profile = open_document(client, "Sources/Profile.swift")
    await next_diagnostics(client, profile)
    value = (await hover_at(client, profile, 2, 50)).contents.value
    assert "**no-constant-profile**" in value
    assert f"[Sheet Bindings]({uri_of(client, 'notes/sheets.md')})" in value, value
    assert "A sheet's binding is real state" in value, value  # the note's summary


async def code_actions(client, uri, line):
    return await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line, character=0)),
                context=types.CodeActionContext(diagnostics=[]),
            )
        ),
        GUARD,
    )


async def test_code_action_fix_applied_clears_the_diagnostic(client):
    path = client.workspace_path / "Sources/Home.swift"
    # A non-ASCII string before the fix's place: columns must be UTF-16 units, not bytes.
    text = path.read_text().replace("@State var page", 'let é = "🦋"; @State var page')
    uri = open_document(client, "Sources/Home.swift", text)
    assert "state-not-private" in codes(await next_diagnostics(client, uri))
    actions = await code_actions(client, uri, 2)
    titles = [action.title for action in actions]
    assert "Fix state-not-private" in titles and "Disable state-not-private for this line" in titles
    fix = next(action for action in actions if action.title == "Fix state-not-private")
    assert fix.is_preferred and fix.kind == types.CodeActionKind.QuickFix
    fixed = apply_edits(text, fix.edit.changes[uri])
    assert 'let é = "🦋"; @State private var page' in fixed, fixed
    change_document(client, uri, 2, fixed)
    assert codes(await next_diagnostics(client, uri)) == ["constant-binding"]


async def test_code_action_opens_the_pattern_note(client):
    uri = open_document(client, "Sources/Profile.swift")
    await next_diagnostics(client, uri)
    actions = await code_actions(client, uri, 2)
    [open_note] = [action for action in actions if action.title == 'Open pattern note "Sheet Bindings"']
    await asyncio.wait_for(
        client.workspace_execute_command_async(
            types.ExecuteCommandParams(command=open_note.command, arguments=open_note.arguments)
        ),
        GUARD,
    )

    async def shown():
        while not client.shown_documents:
            await asyncio.sleep(0.01)
        return client.shown_documents[0]

    document = await asyncio.wait_for(shown(), GUARD)
    assert document.uri == uri_of(client, "notes/sheets.md") and not document.external


async def test_code_action_disable_comment(client):
    text = (client.workspace_path / "Sources/Home.swift").read_text()
    uri = open_document(client, "Sources/Home.swift")
    await next_diagnostics(client, uri)
    actions = await code_actions(client, uri, 5)
    disable = next(action for action in actions if action.title == "Disable constant-binding for this line")
    assert not disable.is_preferred
    [edit] = disable.edit.changes[uri]
    assert edit.new_text == "        // patternlint:disable:next constant-binding -- \n"
    change_document(client, uri, 2, apply_edits(text, [edit]))
    assert codes(await next_diagnostics(client, uri)) == ["state-not-private"]


async def test_unsafe_fix_is_labelled_and_not_preferred(client):
    text = (client.workspace_path / "Sources/Closer.swift").read_text()
    uri = open_document(client, "Sources/Closer.swift")
    assert "presentation-mode-deprecated" in codes(await next_diagnostics(client, uri))
    actions = await code_actions(client, uri, 2)
    fix = next(action for action in actions if action.title.startswith("Fix presentation-mode-deprecated"))
    assert fix.title == "Fix presentation-mode-deprecated (unsafe)" and not fix.is_preferred
    fixed = apply_edits(text, fix.edit.changes[uri])
    assert "@Environment(\\.dismiss) var dismiss" in fixed and "{ dismiss() }" in fixed, fixed
    change_document(client, uri, 2, fixed)
    assert "presentation-mode-deprecated" not in codes(await next_diagnostics(client, uri))


async def test_broken_configuration_is_shown_and_reloaded_on_save(client):
    uri = open_document(client, "Sources/Home.swift")
    await next_diagnostics(client, uri)
    configuration = client.workspace_path / ".patternlint.yml"
    good = configuration.read_text()
    configuration.write_text("notes: [notes\nincluded: {{{\n")
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=configuration.as_uri()))
    )
    message = await asyncio.wait_for(client.shown.get(), GUARD)
    assert message.type == types.MessageType.Error
    assert str(configuration) in message.message, message.message
    assert list(await next_diagnostics(client, uri)) == []
    # Still serving.
    assert list(await code_actions(client, uri, 2)) == []
    configuration.write_text(good)
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=configuration.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    assert "constant-binding" in codes(await next_diagnostics(client, uri))
    # The watchers were registered once, not again on each reload.
    assert [registration.method for registration in client.registrations] == ["workspace/didChangeWatchedFiles"]


def xcode_project(compiled):
    """An Xcode project whose one target (iOS 17) compiles the file named `compiled`."""
    return f"""// !$*UTF8*$!
{{
\tobjects = {{
\t\t0B000001 /* {compiled} in Sources */ = {{isa = PBXBuildFile; fileRef = 0F000001 /* {compiled} */; }};
\t\t0F000001 /* {compiled} */ = {{isa = PBXFileReference; path = {compiled}; sourceTree = "<group>"; }};
\t\t06000000 = {{
\t\t\tisa = PBXGroup;
\t\t\tchildren = (
\t\t\t\t0F000001 /* {compiled} */,
\t\t\t);
\t\t\tsourceTree = "<group>";
\t\t}};
\t\t07000001 /* App */ = {{
\t\t\tisa = PBXNativeTarget;
\t\t\tbuildConfigurationList = 0A000001 /* list */;
\t\t\tbuildPhases = (
\t\t\t\t0D000001 /* Sources */,
\t\t\t);
\t\t}};
\t\t01000001 /* Project object */ = {{
\t\t\tisa = PBXProject;
\t\t\tmainGroup = 06000000;
\t\t\ttargets = (
\t\t\t\t07000001 /* App */,
\t\t\t);
\t\t}};
\t\t0D000001 /* Sources */ = {{
\t\t\tisa = PBXSourcesBuildPhase;
\t\t\tfiles = (
\t\t\t\t0B000001 /* {compiled} in Sources */,
\t\t\t);
\t\t}};
\t\t0C000001 /* Debug */ = {{
\t\t\tisa = XCBuildConfiguration;
\t\t\tbuildSettings = {{
\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 17.0;
\t\t\t}};
\t\t\tname = Debug;
\t\t}};
\t\t0A000001 /* list */ = {{
\t\t\tisa = XCConfigurationList;
\t\t\tbuildConfigurations = (
\t\t\t\t0C000001 /* Debug */,
\t\t\t);
\t\t}};
\t}};
}}
"""


async def test_project_file_changes_are_read_again(client):
    # A file the project's target does not compile gets no deprecation finding; once the project
    # compiles it (the editor reports project.pbxproj changed), it does.
    workspace = client.workspace_path
    project = workspace / "Sources/Legacy/App.xcodeproj/project.pbxproj"
    project.parent.mkdir(parents=True)
    project.write_text(xcode_project("Main.swift"))
    swift = workspace / "Sources/Legacy/Old.swift"
    swift.write_text("import SwiftUI\nstruct Old: View {\n    var body: some View { NavigationView { Text(\"Old\") } }\n}\n")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[
                types.FileEvent(uri=path.as_uri(), type=types.FileChangeType.Created) for path in (project, swift)
            ]
        )
    )
    uri = open_document(client, "Sources/Legacy/Old.swift")
    assert "navigation-view-deprecated" not in codes(await next_diagnostics(client, uri))
    project.write_text(xcode_project("Old.swift"))
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=project.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    diagnostics = await next_diagnostics(client, uri, lambda found: "navigation-view-deprecated" in codes(found))
    assert "navigation-view-deprecated" in codes(diagnostics)


async def test_definition_on_wiki_links(client):
    uri = open_document(client, "notes/checkout.md")
    lines = (client.workspace_path / "notes/checkout.md").read_text().split("\n")
    line = next(number for number, text in enumerate(lines) if "[[" in text)

    async def definition(character):
        return await asyncio.wait_for(
            client.text_document_definition_async(
                types.DefinitionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    position=types.Position(line=line, character=character),
                )
            ),
            GUARD,
        )

    text = lines[line]
    # `[[Sheet Bindings#Closing|…]]` leads to the team note, at its `## Closing` heading.
    location = await definition(text.index("Sheet Bindings") + 3)
    sheets = (client.workspace_path / "notes/sheets.md").read_text().split("\n")
    assert location.uri == uri_of(client, "notes/sheets.md")
    assert location.range.start.line == sheets.index("## Closing")
    # A built-in note is no file to open; outside a link there is nothing.
    assert await definition(text.index("Dual Initializer") + 3) is None
    assert await definition(2) is None

    # Hover on a link: the note it leads to, with its summary.
    hover = await hover_at(client, uri, line, text.index("Sheet Bindings") + 3)
    assert "**Sheet Bindings**" in hover.contents.value
    assert "A sheet's binding is real state" in hover.contents.value
    assert await hover_at(client, uri, line, 2) is None


async def test_completion_after_double_bracket(client):
    text = "See [[She"
    uri = open_document(client, "notes/draft.md", text)
    completions = await asyncio.wait_for(
        client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=0, character=len(text)),
            )
        ),
        GUARD,
    )
    items = {item.label: item for item in completions.items}
    assert {"Sheet Bindings", "Checkout Flow", "Payment Flow", "Dual Initializer Pattern"} <= set(items)
    edit = items["Sheet Bindings"].text_edit
    assert (edit.range.start.character, edit.range.end.character, edit.new_text) == (6, 9, "Sheet Bindings")
    # Not after a closed link.
    change_document(client, uri, 2, "See [[Sheet Bindings]] and ")
    nothing = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=27)
        )
    )
    assert nothing is None or not nothing.items


async def test_findings_are_patternlint_lints_on_the_same_tree(client):
    """Every file open, one edited (and saved, so the CLI reads the same tree): the diagnostics of
    each are the findings `patternlint lint` reports for it."""
    sources = sorted((client.workspace_path / "Sources").glob("*.swift"))
    uris = {open_document(client, f"Sources/{path.name}"): path for path in sources}
    for uri in uris:
        await next_diagnostics(client, uri)
    pager = client.workspace_path / "Sources/Pager.swift"
    edited = pager.read_text().replace("page += 1", "print(page)")
    pager.write_text(edited)
    change_document(client, pager.as_uri(), 2, edited)
    await next_diagnostics(client, pager.as_uri())
    await asyncio.sleep(0.5)  # any other file republished by then is read below
    report = subprocess.run(
        [BINARY, "lint", "--reporter", "json"], cwd=client.workspace_path, capture_output=True, check=False
    ).stdout
    expected = {uri: [] for uri in uris}
    for finding in json.loads(report):
        expected[uri_of(client, finding["path"])].append((finding["rule"], finding["line"]))
    shown = {
        uri: sorted((str(d.code), d.range.start.line + 1) for d in client.diagnostics.get(uri, []))
        for uri in uris
    }
    assert shown == {uri: sorted(found) for uri, found in expected.items()}
    assert any(shown.values())


async def test_a_closed_caller_is_republished_when_the_edit_moves_its_findings(client):
    """Toggler stops writing its binding: Caller, never opened, passes it `.constant(true)` and its
    error goes; the server publishes Caller's diagnostics from the disk's text."""
    sources = client.workspace_path / "Sources"
    toggler_text = (
        "import SwiftUI\nstruct Toggler: View {\n    @Binding var isOn: Bool\n"
        '    var body: some View { Button("Flip") { isOn.toggle() } }\n}\n'
    )
    (sources / "Toggler.swift").write_text(toggler_text)
    (sources / "Caller.swift").write_text(
        "import SwiftUI\nstruct Caller: View {\n    var body: some View { Toggler(isOn: .constant(true)) }\n}\n"
    )
    # The editor says the files were created: the server lists the tree again.
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[
                types.FileEvent(uri=uri_of(client, f"Sources/{name}"), type=types.FileChangeType.Created)
                for name in ("Toggler.swift", "Caller.swift")
            ]
        )
    )
    toggler = open_document(client, "Sources/Toggler.swift")
    # Toggler's own diagnostics: the tree, Caller with it, was listed before they were made
    # (missing-standalone-init, which once spoke here, is now a step of Caller's error).
    await next_diagnostics(client, toggler)
    change_document(client, toggler, 2, toggler_text.replace('Button("Flip") { isOn.toggle() }', 'Text(isOn ? "on" : "off")'))
    caller = await next_diagnostics(client, uri_of(client, "Sources/Caller.swift"))
    assert "constant-binding" not in codes(caller)
    # Written back: the caller's error returns.
    change_document(client, toggler, 3, toggler_text)
    caller = await next_diagnostics(client, uri_of(client, "Sources/Caller.swift"))
    assert [d.severity for d in caller if d.code == "constant-binding"] == [types.DiagnosticSeverity.Error]


async def test_a_save_reads_again_the_files_another_program_wrote(client):
    """No watched-file event (not every editor sends one): a save is when the server looks at the
    other files' status and reads again those that changed."""
    home = open_document(client, "Sources/Home.swift")
    state = next(d for d in await next_diagnostics(client, home) if d.code == "state-not-private")
    assert not state.related_information
    pager = client.workspace_path / "Sources/Pager.swift"
    pager.write_text(pager.read_text() + 'extension Home {\n    func describe() -> String { "page \\(page)" }\n}\n')
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=home)))
    diagnostics = await next_diagnostics(client, home)
    state = next(d for d in diagnostics if d.code == "state-not-private")
    assert [info.location.uri for info in state.related_information] == [pager.as_uri()]


async def request(coroutine):
    return await asyncio.wait_for(coroutine, GUARD)


def position_params(cls, uri, line, character, **extra):
    return cls(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=character),
        **extra,
    )


async def test_note_diagnostics_are_notes_check_updated_as_edited(client):
    uri = open_document(client, "notes/checkout.md")
    # What `notes check` says of it on disk: nothing links to it.
    assert codes(await next_diagnostics(client, uri)) == ["orphan"]
    text = (client.workspace_path / "notes/checkout.md").read_text()
    edited = text + (
        "\nSee [[No Such Note]] and [[Sheet Bindings#Nowhere]].\n\n"
        "```swift good\nimport SwiftUI\nstruct A: View {\n"
        "    var body: some View { Text(\"a\").sheet(isPresented: .constant(true)) { Text(\"b\") } }\n}\n```\n"
    )
    change_document(client, uri, 2, edited)
    diagnostics = await next_diagnostics(client, uri, lambda found: "broken-link" in codes(found))
    assert codes(diagnostics) == ["broken-link", "example-drift", "missing-heading", "orphan"]
    broken = next(d for d in diagnostics if d.code == "broken-link")
    line = edited.split("\n")[broken.range.start.line]
    assert line[broken.range.start.character : broken.range.end.character] == "[[No Such Note]]"
    assert next(d for d in diagnostics if d.code == "broken-link").severity == types.DiagnosticSeverity.Error
    drift = next(d for d in diagnostics if d.code == "example-drift")
    assert "constant-binding" in drift.message
    # Fixed in the buffer: the problems go as it is edited, before any save.
    change_document(client, uri, 3, text)
    assert codes(await next_diagnostics(client, uri)) == ["orphan"]


async def test_completion_of_permalinks_headings_and_a_rules_note(client):
    uri = open_document(client, "notes/draft.md", "See [[team/sh")
    completions = await request(client.text_document_completion_async(position_params(types.CompletionParams, uri, 0, 13)))
    assert "team/sheet-bindings" in {item.label for item in completions.items}
    # After `[[Name#`: that note's headings, replacing what follows `#`.
    change_document(client, uri, 2, "See [[Sheet Bindings#Clo")
    completions = await request(client.text_document_completion_async(position_params(types.CompletionParams, uri, 0, 24)))
    items = {item.label: item for item in completions.items}
    assert set(items) == {"Sheet Bindings", "Closing"}
    edit = items["Closing"].text_edit
    assert (edit.range.start.character, edit.range.end.character) == (21, 24)
    # A heading typed a moment ago in another open note completes before it is saved.
    sheets = open_document(client, "notes/sheets.md")
    change_document(client, sheets, 2, (client.workspace_path / "notes/sheets.md").read_text() + "\n## Reopening\n")
    completions = await request(client.text_document_completion_async(position_params(types.CompletionParams, uri, 0, 24)))
    assert "Reopening" in {item.label for item in completions.items}
    # A rule file's `note:` completes as the link the field takes.
    rule = open_document(client, "rules/no-constant-profile.md")
    lines = (client.workspace_path / "rules/no-constant-profile.md").read_text().split("\n")
    line = next(number for number, text in enumerate(lines) if text.startswith("note:"))
    change_document(client, rule, 2, "\n".join(lines[:line] + ["note: "] + lines[line + 1 :]))
    completions = await request(client.text_document_completion_async(position_params(types.CompletionParams, rule, line, 6)))
    items = {item.label: item for item in completions.items}
    assert items["Sheet Bindings"].text_edit.new_text == '"[[Sheet Bindings]]"'


async def test_references_are_the_backlinks_and_the_citing_rules(client):
    uri = open_document(client, "notes/sheets.md")
    references = await request(
        client.text_document_references_async(
            position_params(
                types.ReferenceParams, uri, 0, 0, context=types.ReferenceContext(include_declaration=False)
            )
        )
    )
    found = sorted((location.uri, location.range.start.line) for location in references)
    checkout = (client.workspace_path / "notes/checkout.md").read_text().split("\n")
    rule = (client.workspace_path / "rules/no-constant-profile.md").read_text().split("\n")
    assert found == sorted(
        [
            (uri_of(client, "notes/checkout.md"), next(n for n, t in enumerate(checkout) if "[[Sheet" in t)),
            (uri_of(client, "rules/no-constant-profile.md"), next(n for n, t in enumerate(rule) if t.startswith("note:"))),
        ]
    )
    # On a link: what leads to the note it names.
    other = open_document(client, "notes/checkout.md")
    line = next(n for n, t in enumerate(checkout) if "[[Sheet" in t)
    on_link = await request(
        client.text_document_references_async(
            position_params(
                types.ReferenceParams, other, line, checkout[line].index("[[Sheet") + 4,
                context=types.ReferenceContext(include_declaration=True),
            )
        )
    )
    assert {location.uri for location in on_link} == {uri, uri_of(client, "notes/checkout.md"), uri_of(client, "rules/no-constant-profile.md")}


async def test_document_symbols_are_the_headings(client):
    uri = open_document(client, "notes/sheets.md")
    symbols = await request(
        client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
    )
    assert [(symbol.name, [child.name for child in symbol.children]) for symbol in symbols] == [
        ("Sheet Bindings", ["Closing"])
    ]
    lines = (client.workspace_path / "notes/sheets.md").read_text().split("\n")
    assert symbols[0].children[0].range.start.line == lines.index("## Closing")


async def test_markdown_links_lead_and_hover_like_wiki_links(client):
    text = "# Draft\n\nRead [the sheet rule](sheets.md#closing) first.\n"
    uri = open_document(client, "notes/draft.md", text)
    character = text.split("\n")[2].index("the sheet") + 2
    location = await request(client.text_document_definition_async(position_params(types.DefinitionParams, uri, 2, character)))
    sheets = (client.workspace_path / "notes/sheets.md").read_text().split("\n")
    assert location.uri == uri_of(client, "notes/sheets.md")
    assert location.range.start.line == sheets.index("## Closing")
    hover = await hover_at(client, uri, 2, character)
    assert "**Sheet Bindings**" in hover.contents.value


def apply_workspace_edit(root, edit):
    """Applies a WorkspaceEdit with documentChanges as an editor does: text edits, then renames."""
    for change in edit.document_changes:
        if isinstance(change, types.TextDocumentEdit):
            path = pathlib.Path(change.text_document.uri.removeprefix("file://"))
            path.write_text(apply_edits(path.read_text(), change.edits))
        else:
            assert change.kind == "rename"
            pathlib.Path(change.old_uri.removeprefix("file://")).rename(change.new_uri.removeprefix("file://"))


async def test_rename_a_note_rewrites_every_link_and_rule(client):
    uri = open_document(client, "notes/sheets.md")
    lines = (client.workspace_path / "notes/sheets.md").read_text().split("\n")
    title_line = next(n for n, t in enumerate(lines) if t.startswith("title:"))
    prepared = await request(
        client.text_document_prepare_rename_async(
            position_params(types.PrepareRenameParams, uri, title_line, len("title: ") + 2)
        )
    )
    assert prepared.placeholder == "Sheet Bindings"
    assert lines[title_line][prepared.range.start.character : prepared.range.end.character] == "Sheet Bindings"
    # Nothing to rename on the body's prose.
    assert await request(client.text_document_prepare_rename_async(position_params(types.PrepareRenameParams, uri, 7, 2))) is None
    # On a link to it, in another note: the same note.
    checkout = open_document(client, "notes/checkout.md")
    checkout_lines = (client.workspace_path / "notes/checkout.md").read_text().split("\n")
    link_line = next(n for n, t in enumerate(checkout_lines) if "[[Sheet" in t)
    on_link = await request(
        client.text_document_prepare_rename_async(
            position_params(types.PrepareRenameParams, checkout, link_line, checkout_lines[link_line].index("[[Sheet") + 4)
        )
    )
    assert on_link.placeholder == "Sheet Bindings"
    # A built-in note is no file of the workspace: refused, with the reason.
    with pytest.raises(Exception, match="not a file in a note folder"):
        await request(
            client.text_document_rename_async(
                position_params(
                    types.RenameParams, checkout, link_line, checkout_lines[link_line].index("[[Dual") + 4,
                    new_name="Dual Init",
                )
            )
        )
    # An unsaved buffer among the files to change: refused, nothing planned on stale text.
    change_document(client, checkout, 2, "\n".join(checkout_lines) + "\nmore")
    with pytest.raises(Exception, match="unsaved changes"):
        await request(client.text_document_rename_async(
            position_params(types.RenameParams, uri, title_line, 9, new_name="Sheet State")))
    change_document(client, checkout, 3, "\n".join(checkout_lines))
    edit = await request(
        client.text_document_rename_async(position_params(types.RenameParams, uri, title_line, 9, new_name="Sheet State"))
    )
    apply_workspace_edit(client.workspace_path, edit)
    notes = client.workspace_path / "notes"
    assert not (notes / "sheets.md").exists()
    renamed = (notes / "sheet-state.md").read_text()
    assert "title: Sheet State" in renamed and "# Sheet State" in renamed
    assert "[[Sheet State#Closing|the closing rule]]" in (notes / "checkout.md").read_text()
    assert 'note: "[[Sheet State]]"' in (client.workspace_path / "rules/no-constant-profile.md").read_text()
    # What `notes check` says of the renamed vault: nothing broken.
    report = subprocess.run(
        [BINARY, "notes", "check", "--json", "--no-examples"], cwd=client.workspace_path, capture_output=True, check=False
    )
    assert not [p for p in json.loads(report.stdout) if p["code"] in ("broken-link", "rule-missing-note")]


def test_malformed_messages_are_answered_and_the_server_keeps_running(tmp_path):
    """Raw bytes no client library would send: each gets a JSON-RPC error, then the server still
    works and exits cleanly. Everything on stdout is a framed JSON-RPC message."""
    workspace = tmp_path / "workspace"
    shutil.copytree(TEMPLATE, workspace)
    server = subprocess.Popen(
        [BINARY, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )

    def send_raw(data: bytes):
        server.stdin.write(data)
        server.stdin.flush()

    def send(body):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        send_raw(b"Content-Length: %d\r\n\r\n" % len(data) + data)

    def receive():
        length = None
        while (line := server.stdout.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        assert length is not None, "a frame without Content-Length on stdout"
        return json.loads(server.stdout.read(length))

    def error_code(message):
        assert "error" in message, message
        return message["error"]["code"]

    send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
    assert error_code(receive()) == -32002  # not initialized yet
    send(b"{not json")
    assert error_code(receive()) == -32700
    send_raw(b"X-Nonsense: 1\r\n\r\n")
    assert error_code(receive()) == -32700
    send(b"[1, 2]")
    assert error_code(receive()) == -32600
    send({"jsonrpc": "2.0", "id": 2})
    answer = receive()
    assert error_code(answer) == -32600 and answer["id"] == 2
    send({"jsonrpc": "2.0", "id": {"an": "object"}, "method": "shutdown"})
    assert error_code(receive()) == -32600
    send({"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": {"rootUri": workspace.as_uri(), "capabilities": {}}})
    assert receive()["result"]["capabilities"]["hoverProvider"] is True
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send({"jsonrpc": "2.0", "id": 4, "method": "no/such/method"})
    assert error_code(receive()) == -32601
    send({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {"textDocument": {"uri": 7}}})
    assert error_code(receive()) == -32602
    # A notification with bad params gets no answer (none is allowed); the server goes on.
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": 3}})
    uri = (workspace / "Sources/Home.swift").as_uri()
    text = (workspace / "Sources/Home.swift").read_text()
    send(
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}},
        }
    )
    published = receive()
    assert published["method"] == "textDocument/publishDiagnostics" and published["params"]["uri"] == uri
    send({"jsonrpc": "2.0", "id": 6, "method": "shutdown"})
    assert receive() == {"jsonrpc": "2.0", "id": 6, "result": None}
    send({"jsonrpc": "2.0", "method": "exit"})
    assert server.wait(timeout=GUARD) == 0
    assert server.stdout.read() == b""
    assert b"patternlint lsp:" in server.stderr.read()  # its log went to stderr
