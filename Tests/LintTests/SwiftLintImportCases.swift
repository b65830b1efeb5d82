import Foundation
import BuiltinRules
import LintEngine
import ProjectSettings
import Reporters
import Support
import SwiftUIModel
import Notes
import XCTest

/// The SwiftLint import against what SwiftLint itself reports. `Fixtures/SwiftLintImport/configs`
/// holds the `custom_rules` of the survey's 103 rules (23 configuration files of 21 teams);
/// `cases` holds Swift files built for them. Each case lints one file with one imported rule, at
/// the path the case names under a project folder (so `included` / `excluded` see `Sources/…`,
/// `…Tests.swift`), and expects the findings SwiftLint gives there: worked out by hand from its
/// semantics (`SwiftLintFile+Regex.swift`, `RegexConfiguration.swift`, `SwiftSyntaxKindBridge`):
/// ICU regex with `.anchorsMatchLines` and `.dotMatchesLineSeparators` over the whole file,
/// leftmost and without overlaps; a match dropped when it touches a token of an excluded kind
/// (the whole match, not the capture group); the finding at the capture group's start; path
/// regexes searched anywhere in the absolute path. Line and column as SwiftLint prints them
/// (UTF-16, the same as characters in these files).
final class SwiftLintImportTests: XCTestCase {
    enum Config: String, CaseIterable {
        case altSwiftUI = "rakutentech+AltSwiftUI+swiftlint.yml"
        case altSwiftUIDanger = "rakutentech+AltSwiftUI+swiftlint-danger.yml"
        case aurora = "AuroraEditor+AuroraEditor+swiftlint.yml"
        case automattic = "Automattic+swiftlint-config+swiftlint.yml"
        case bartyCrouch = "FlineDev+BartyCrouch+swiftlint.yml"
        case braintree = "braintree+braintree_ios+swiftlint.yml"
        case coronaWarnApp = "corona-warn-app+cwa-app-ios+src+xcode+ENA+swiftlint.yml"
        case gravatar = "Automattic+Gravatar-SDK-iOS+swiftlint.yml"
        case homeAssistant = "home-assistant+iOS+swiftlint.yml"
        case iosTemplates = "nimblehq+ios-templates+template+swiftlint.yml"
        case kmmIC = "suho+kmm-ic+ios+swiftlint.yml"
        case kodeco = "kodecocodes+swift-style-guide+com.raywenderlich.swiftlint.yml"
        case messageKit = "MessageKit+MessageKit+swiftlint.yml"
        case openHAB = "openhab+openhab-ios+BuildTools+swiftlint.yml"
        case pinpointKit = "Lickability+PinpointKit+swiftlint.yml"
        case sourcery = "krzysztofzablocki+Sourcery+swiftlint.yml"
        case streamChat = "GetStream+stream-chat-swift+swiftlint.yml"
        case swifterSwift = "SwifterSwift+SwifterSwift+swiftlint.yml"
        case web3swift = "web3swift-team+web3swift+swiftlint.yml"
        case woocommerce = "woocommerce+woocommerce-ios+swiftlint.yml"
        case wwdc = "insidegui+WWDC+swiftlint.yml"
        case zashi = "Electric-Coin-Company+zashi-ios+swiftlint.yml"
        case zashiTests = "Electric-Coin-Company+zashi-ios+swiftlint_tests.yml"
    }

    struct Case {
        var config: Config
        var rule: String
        var file: String
        var expected: [String]
        init(_ config: Config, _ rule: String, _ file: String, _ expected: [String]) {
            (self.config, self.rule, self.file, self.expected) = (config, rule, file, expected)
        }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/SwiftLintImport").path

    /// Where the case files stand for SwiftLint's path regexes (a path with no `Test` in it).
    static let project = "/project/"

    static let cases: [Case] = [
        Case(.aurora, "spaces_over_tabs", "Aurora/Tabs.swift", ["2:1", "3:15", "4:11"]),
        Case(.aurora, "at_attributes_newlining", "Aurora/Attributes.swift", ["1:1", "4:1", "7:9"]),
        Case(.aurora, "multiple_empty_lines", "Aurora/EmptyLines.swift", ["1:10", "6:10"]),
        Case(.aurora, "comma_space_rule", "Aurora/Commas.swift", ["1:14", "3:14"]),
        Case(.aurora, "swiftlint_file_disabling", "Aurora/Disabling.swift", ["1:4", "4:4", "6:14"]),
        Case(.aurora, "disallow_print", "Aurora/Print.swift", ["1:10"]),
        Case(.aurora, "no_placeholders", "Aurora/Placeholders.swift", ["1:9", "3:9", "3:17"]),
        Case(.aurora, "no_preview_macro", "Aurora/Preview.swift", ["1:1", "4:8"]),
        Case(.gravatar, "no_ns_localized_string", "Gravatar/Sources/Strings.swift", ["1:13", "4:17"]),
        Case(.gravatar, "no_ns_localized_string", "Gravatar/App/Strings.swift", []),
        Case(.automattic, "natural_content_alignment", "Alignment/Content.swift", ["1:7", "2:7"]),
        Case(.automattic, "natural_text_alignment", "Alignment/Text.swift", ["1:6", "3:6"]),
        Case(.automattic, "inverse_text_alignment", "Alignment/Inverse.swift", ["1:6"]),
        Case(.automattic, "localization_comment", "Localization/Sources/Comments.swift", ["1:9", "4:9"]),
        Case(.automattic, "localization_comment", "Localization/Tests/CommentsTests/Comments.swift", ["1:9", "4:9"]),
        Case(
            .automattic, "string_interpolation_in_localized_string", "Localization/Sources/Interpolation.swift", ["1:9"]
        ),
        Case(.automattic, "swiftui_localization", "Localization/Sources/App/Titles.swift", ["1:11", "2:4"]),
        Case(.automattic, "swiftui_localization", "Localization/Sources/Widgets/Titles.swift", []),
        Case(.zashi, "array_constructor", "Zashi/Arrays.swift", ["2:9"]),
        Case(.zashi, "string_concatenation", "Zashi/Concatenation.swift", ["1:13", "2:12", "4:3"]),
        Case(.zashi, "string_concatenation", "Zashi/ConcatenationTest.swift", []),
        Case(.zashi, "print_function_usage", "Zashi/Printing.swift", ["1:1", "2:1", "3:4", "4:10", "5:7"]),
        Case(.zashi, "print_function_usage", "Zashi/PrintingTest.swift", []),
        Case(.zashi, "nslog_function_usage", "Zashi/Logging.swift", ["1:1", "2:10"]),
        Case(.zashi, "todos", "Zashi/Todos.swift", ["1:4", "3:4", "6:4"]),
        Case(.zashiTests, "array_constructor", "Zashi/Arrays.swift", ["2:9"]),
        Case(.zashiTests, "string_concatenation", "Zashi/Concatenation.swift", ["1:13", "2:12", "4:3"]),
        Case(.zashiTests, "string_concatenation", "Zashi/ConcatenationTest.swift", []),
        Case(.zashiTests, "nslog_function_usage", "Zashi/Logging.swift", ["1:1", "2:10"]),
        Case(.zashiTests, "todos", "Zashi/Todos.swift", ["1:4", "3:4", "6:4"]),
        Case(.bartyCrouch, "class_name_suffix_collection_view_controller", "Barty/CollectionVC.swift", ["1:1", "3:1"]),
        Case(.bartyCrouch, "class_name_suffix_table_view_controller", "Barty/TableVC.swift", ["1:1"]),
        Case(.bartyCrouch, "class_name_suffix_view_controller", "Barty/VC.swift", ["1:1", "3:1"]),
        Case(.bartyCrouch, "closure_params_parantheses", "Barty/ClosureParams.swift", ["1:23"]),
        Case(.bartyCrouch, "comment_type_note", "Barty/Note.swift", ["1:1", "3:1", "4:1"]),
        Case(.bartyCrouch, "comment_type_refactor", "Barty/Refactor.swift", ["1:1", "3:1"]),
        Case(.bartyCrouch, "comment_type_todo", "Barty/Todo.swift", ["1:1", "2:1"]),
        Case(.bartyCrouch, "controller_class_name_suffix", "Barty/Controller.swift", ["1:1"]),
        Case(.bartyCrouch, "debug_log_level", "Barty/DebugLog.swift", ["1:1", "3:5"]),
        Case(.bartyCrouch, "empty_init_body", "Barty/EmptyInit.swift", ["2:5", "5:5"]),
        Case(.bartyCrouch, "empty_method", "Barty/EmptyMethod.swift", ["1:1", "3:1"]),
        Case(.bartyCrouch, "empty_type", "Barty/EmptyType.swift", ["1:1", "2:1"]),
        Case(.bartyCrouch, "flow_controller_variable_naming", "Barty/FlowNaming.swift", ["1:1", "2:1"]),
        Case(.bartyCrouch, "handyswift_delay", "Barty/Delay.swift", ["1:1"]),
        Case(.bartyCrouch, "handyswift_delay_time_interval", "Barty/DelayInterval.swift", ["1:1", "2:1"]),
        Case(.bartyCrouch, "handyswift_time_interval", "Barty/TimeInterval.swift", ["1:12", "2:10"]),
        Case(.bartyCrouch, "if_as_guard", "Barty/IfAsGuard.swift", ["2:1", "5:1"]),
        Case(.bartyCrouch, "late_force_unwrapping", "Barty/LateUnwrap.swift", ["1:13"]),
        Case(.bartyCrouch, "local_l10n", "Barty/LocalL10n.swift", ["1:1"]),
        Case(.bartyCrouch, "log_prefix", "Barty/LogPrefix.swift", ["1:1"]),
        Case(.bartyCrouch, "multiple_closure_params", "Barty/ClosureArguments.swift", ["1:17"]),
        Case(.bartyCrouch, "none_case_enum", "Barty/NoneCase.swift", ["1:1"]),
        Case(.bartyCrouch, "quick_temporary_disabling", "Barty/QuickDisabled.swift", ["2:4"]),
        Case(.bartyCrouch, "quick_temporary_focus", "Barty/QuickFocus.swift", ["2:4"]),
        Case(.bartyCrouch, "single_line_enum_cases", "Barty/SingleLineCases.swift", ["1:1"]),
        Case(.bartyCrouch, "single_line_guard", "Barty/Guard.swift", ["2:5"]),
        Case(.bartyCrouch, "singleton_default_private_init", "Barty/SingletonDefault.swift", ["1:1"]),
        Case(.bartyCrouch, "singleton_shared_final", "Barty/SingletonFinal.swift", ["1:1"]),
        Case(.bartyCrouch, "singleton_shared_private_init", "Barty/SingletonInit.swift", ["1:1"]),
        Case(.bartyCrouch, "singleton_shared_single_object", "Barty/SingletonTwice.swift", ["1:1"]),
        Case(.bartyCrouch, "switch_associated_value_style", "Barty/SwitchStyle.swift", ["2:1"]),
        Case(.bartyCrouch, "toggle_bool", "Barty/Toggle.swift", ["2:1"]),
        Case(.bartyCrouch, "too_much_indentation", "Barty/Indentation.swift", ["1:10"]),
        Case(.bartyCrouch, "too_much_unindentation", "Barty/Unindentation.swift", ["3:1"]),
        Case(.bartyCrouch, "unnecessary_case_break", "Barty/CaseBreak.swift", ["2:1"]),
        Case(.bartyCrouch, "unnecessary_nil_assignment", "Barty/NilAssignment.swift", ["1:1"]),
        Case(.bartyCrouch, "vertical_whitespaces_around_mark", "Barty/Mark.swift", ["2:13", "6:5"]),
        Case(.bartyCrouch, "view_controller_variable_naming", "Barty/VCNaming.swift", ["1:1", "2:1"]),
        Case(.bartyCrouch, "whitespace_comment_start", "Barty/CommentStart.swift", ["1:8"]),
        Case(
            .streamChat, "regular_constraints_forbidden", "Stream/Sources/StreamChatUI/Layout.swift", ["1:25", "3:8"]),
        Case(.streamChat, "regular_constraints_forbidden", "Stream/Sources/StreamChat/Layout.swift", []),
        Case(
            .streamChat, "coredata_date_forbidden", "Stream/Sources/StreamChat/Database/DTOs/MessageDTO.swift",
            ["2:5", "3:5"]),
        Case(.pinpointKit, "force_https", "Https.swift", ["1:10", "3:10"]),
        Case(.messageKit, "no_objcMembers", "MessageKit/ObjcMembers.swift", ["1:1", "2:4"]),
        Case(
            .messageKit, "no_direct_standard_out_logs", "MessageKit/Output.swift", ["1:1", "2:1", "3:1", "6:8", "8:6"]),
        Case(.swifterSwift, "missing_swifterswift_prefix", "Swifter/Sources/IntExtensions.swift", ["1:23"]),
        Case(.swifterSwift, "missing_swifterswift_prefix", "Swifter/Sources/IntExtensionsTests.swift", []),
        Case(.swifterSwift, "unnecessary_type", "Swifter/UnnecessaryType.swift", ["2:4", "4:1"]),
        Case(.swifterSwift, "comments_space", "Swifter/CommentsSpace.swift", ["1:1", "2:1", "5:13"]),
        Case(.swifterSwift, "empty_commented_line", "Swifter/EmptyComment.swift", ["2:1", "3:10"]),
        Case(.swifterSwift, "get_prefixed_function", "Swifter/Getters.swift", ["1:1", "4:1"]),
        Case(.braintree, "array_constructor", "Zashi/Arrays.swift", ["2:9"]),
        Case(.braintree, "space_after_main_type", "Braintree/TypeSpacing.swift", ["1:1"]),
        Case(.coronaWarnApp, "no_plain_xctassert", "CWA/Tests/CartTests.swift", ["2:5"]),
        Case(.coronaWarnApp, "no_plain_xctassert", "CWA/Sources/Cart.swift", []),
        Case(.coronaWarnApp, "no_plain_print", "CWA/Sources/Logging.swift", ["1:1", "2:1", "3:11"]),
        Case(.coronaWarnApp, "no_plain_print", "CWA/Tests/LoggingTests.swift", []),
        Case(.coronaWarnApp, "no_direct_oslog", "CWA/OSLog.swift", ["1:1", "2:4"]),
        Case(.coronaWarnApp, "no_direct_tap", "CWA/Tap.swift", ["1:20", "3:3"]),
        Case(.coronaWarnApp, "no_safari_view_controller_usage", "CWA/Safari.swift", ["2:14"]),
        Case(
            .homeAssistant, "prohibit_environment_assignment", "HomeAssistant/Sources/App/Setup.swift", ["2:5", "4:5"]),
        Case(.homeAssistant, "prohibit_environment_assignment", "HomeAssistant/Tests/SetupTests.swift", []),
        Case(.homeAssistant, "sf_safe_symbol", "HomeAssistant/Symbols.swift", ["1:9", "2:9", "3:9", "5:9"]),
        Case(.wwdc, "os_log_over_all", "WWDC/Logging.swift", ["1:1", "2:1", "3:5"]),
        Case(.kodeco, "array_constructor", "Zashi/Arrays.swift", ["2:9"]),
        Case(.sourcery, "force_https", "Https.swift", ["1:10", "3:10"]),
        Case(.sourcery, "explicit_failure_calls", "Failures.swift", ["1:1", "2:1", "4:4"]),
        Case(.iosTemplates, "multiline_collection_one_per_line", "Templates/Collections.swift", ["5:15"]),
        Case(.iosTemplates, "multiline_arguments_one_per_line", "Templates/Arguments.swift", ["1:9"]),
        Case(.openHAB, "comments_space", "OpenHAB/CommentsSpace.swift", ["1:1", "2:1"]),
        Case(.openHAB, "explicit_failure_calls", "OpenHAB/Failures.swift", ["2:34"]),
        Case(.openHAB, "multiple_empty_lines", "Aurora/EmptyLines.swift", ["1:10", "6:10"]),
        Case(.altSwiftUIDanger, "travel_verb_getter_function", "AltSwiftUI/Getters.swift", ["1:6", "5:6"]),
        Case(.altSwiftUIDanger, "travel_danger_dictionary_function", "AltSwiftUI/Dictionary.swift", ["1:11"]),
        Case(.altSwiftUI, "travel_verb_getter_function", "AltSwiftUI/Getters.swift", ["1:6", "5:6"]),
        Case(.altSwiftUI, "travel_danger_dictionary_function", "AltSwiftUI/Dictionary.swift", ["1:11"]),
        Case(.kmmIC, "multiline_collection_one_per_line", "Templates/Collections.swift", ["5:15"]),
        Case(.web3swift, "commented_out_code", "Web3/Sources/Notes.swift", ["1:1"]),
        Case(.web3swift, "commented_out_code", "Web3/Sources/Code.swift", []),
        Case(.web3swift, "commented_out_code", "Web3/Tests/NotesTests.swift", []),
        Case(.woocommerce, "natural_content_alignment", "Alignment/Content.swift", ["1:7", "2:7"]),
        Case(.woocommerce, "natural_text_alignment", "Alignment/Text.swift", ["1:6", "3:6"]),
        Case(.woocommerce, "inverse_text_alignment", "Alignment/Inverse.swift", ["1:6"]),
        Case(.woocommerce, "localization_comment", "Localization/Sources/Comments.swift", ["1:9"]),
        Case(.woocommerce, "localization_comment", "Localization/Tests/CommentsTests/Comments.swift", []),
        Case(
            .woocommerce, "string_interpolation_in_localized_string", "Localization/Sources/Interpolation.swift",
            ["1:9"]),
        Case(.woocommerce, "swiftui_localization", "Localization/Sources/Widgets/Titles.swift", ["1:11", "2:4"]),
    ]
}
