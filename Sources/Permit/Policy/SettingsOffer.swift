public import Foundation

/// The way to Settings a person is offered when their own request meets a permission they denied: "Camera is
/// off for Trails", with the buttons Open Settings and Not now.
///
/// iOS never shows a second prompt after a denial: only the person can turn the permission on, in Settings.
/// ``PromptPolicy/offerSettings(for:presenter:opener:)`` offers it through the app's
/// ``SettingsOfferPresenter`` at most once per kind per launch (once ever, for a declaration that
/// ``PermissionDeclaration/informsOnce``), and opens Settings when the person chooses to.
///
/// The offer says which permission; its texts come from ``texts(appName:wording:)``, in the app's language
/// when the app translates them (see ``Wording/localized(bundle:table:)``).
///
/// For example, a presenter that shows the texts in an alert:
///
/// ```swift
/// let texts = offer.texts(appName: "Trails", wording: .localized())
/// // texts.title == "Camera is off for Trails"
/// // texts.message == "You can turn it on in Settings: Trails > Camera."
/// ```
public struct SettingsOffer: Hashable, Sendable {
    /// The permission that is off.
    public let kind: PermissionKind

    /// Creates the offer for `kind`.
    public init(kind: PermissionKind) {
        self.kind = kind
    }

    /// The app's name as the person knows it, from `bundle`'s Info.plist: `CFBundleDisplayName`, else
    /// `CFBundleName`, else "this app".
    public static func appName(of bundle: Bundle = .main) -> String {
        for key in ["CFBundleDisplayName", "CFBundleName"] {
            if let name = bundle.object(forInfoDictionaryKey: key) as? String, !name.allSatisfy(\.isWhitespace) {
                return name
            }
        }
        return "this app"
    }

    /// The texts a presenter shows, for the app named `appName`, in `wording`.
    public func texts(appName: String, wording: Wording = .english) -> Texts {
        let kindName = wording.kindNames[kind] ?? kind.displayName
        func filled(_ template: String) -> String {
            template.replacingOccurrences(of: "{kind}", with: kindName).replacingOccurrences(of: "{app}", with: appName)
        }
        return Texts(
            title: filled(wording.title), message: filled(wording.message),
            openSettingsLabel: filled(wording.openSettingsLabel), notNowLabel: filled(wording.notNowLabel),
            openSettingsHint: filled(wording.openSettingsHint))
    }

    /// The texts of one offer, ready to show.
    public struct Texts: Hashable, Sendable {
        /// The alert's title, such as "Camera is off for Trails".
        public let title: String
        /// The alert's message, such as "You can turn it on in Settings: Trails > Camera."
        public let message: String
        /// The label of the button that opens Settings: "Open Settings".
        public let openSettingsLabel: String
        /// The label of the button that leaves it: "Not now".
        public let notNowLabel: String
        /// What VoiceOver says the Open Settings button does, such as "Opens Trails's page in the Settings
        /// app.": the button leaves the app, which its label alone does not say.
        public let openSettingsHint: String

        /// Creates texts.
        public init(title: String, message: String, openSettingsLabel: String, notNowLabel: String, openSettingsHint: String) {
            self.title = title
            self.message = message
            self.openSettingsLabel = openSettingsLabel
            self.notNowLabel = notNowLabel
            self.openSettingsHint = openSettingsHint
        }
    }

    /// The templates of an offer's texts, in one language: `{kind}` stands for the permission's name and
    /// `{app}` for the app's, each wherever a translation needs it.
    ///
    /// ``english`` is the default. ``localized(bundle:table:)`` reads the app's translations from its strings
    /// table (`Permit.strings`, or `Permit.xcstrings`, in the app's bundle), under the keys listed with each
    /// template, and keeps English for a key the table does not have. For example, in `de.lproj/Permit.strings`:
    ///
    /// ```
    /// "permit.settingsOffer.title" = "{kind} ist für {app} ausgeschaltet";
    /// "permit.settingsOffer.notNow" = "Nicht jetzt";
    /// "permit.kind.camera" = "Kamera";
    /// ```
    public struct Wording: Hashable, Sendable {
        /// Key `permit.settingsOffer.title`; English: "{kind} is off for {app}".
        public var title: String
        /// Key `permit.settingsOffer.message`; English: "You can turn it on in Settings: {app} > {kind}."
        public var message: String
        /// Key `permit.settingsOffer.openSettings`; English: "Open Settings".
        public var openSettingsLabel: String
        /// Key `permit.settingsOffer.notNow`; English: "Not now".
        public var notNowLabel: String
        /// Key `permit.settingsOffer.openSettingsHint`; English: "Opens {app}'s page in the Settings app."
        public var openSettingsHint: String
        /// The permissions' names, where they differ from ``PermissionKind/displayName``: keys
        /// `permit.kind.<kind>`, such as `permit.kind.camera`.
        public var kindNames: [PermissionKind: String]

        /// Creates a wording; each template left out is the English one.
        public init(
            title: String = "{kind} is off for {app}", message: String = "You can turn it on in Settings: {app} > {kind}.",
            openSettingsLabel: String = "Open Settings", notNowLabel: String = "Not now",
            openSettingsHint: String = "Opens {app}'s page in the Settings app.", kindNames: [PermissionKind: String] = [:]
        ) {
            self.title = title
            self.message = message
            self.openSettingsLabel = openSettingsLabel
            self.notNowLabel = notNowLabel
            self.openSettingsHint = openSettingsHint
            self.kindNames = kindNames
        }

        /// The English wording.
        public static let english = Wording()

        /// The wording in the language `bundle` resolves to, from its strings table `table`, with English for
        /// every key the table does not have. The kinds' names are read for the built-in kinds.
        public static func localized(bundle: Bundle = .main, table: String = "Permit") -> Wording {
            func text(_ key: String, _ english: String) -> String {
                bundle.localizedString(forKey: key, value: english, table: table)
            }
            var names: [PermissionKind: String] = [:]
            for kind in PermissionKind.builtIn {
                let name = text("permit.kind.\(kind.rawValue)", kind.displayName)
                if name != kind.displayName { names[kind] = name }
            }
            return Wording(
                title: text("permit.settingsOffer.title", english.title),
                message: text("permit.settingsOffer.message", english.message),
                openSettingsLabel: text("permit.settingsOffer.openSettings", english.openSettingsLabel),
                notNowLabel: text("permit.settingsOffer.notNow", english.notNowLabel),
                openSettingsHint: text("permit.settingsOffer.openSettingsHint", english.openSettingsHint),
                kindNames: names)
        }
    }
}

/// The person's choice at a ``SettingsOffer``.
public enum SettingsOfferChoice: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Open Settings: the app opens its page in the Settings app.
    case openSettings
    /// Not now: nothing happens.
    case notNow

    /// `openSettings` or `notNow`, as the page's detailed answer writes it.
    public var description: String { rawValue }
}

/// Shows a ``SettingsOffer`` and returns the person's choice: the seam through which a ``PromptPolicy`` offers
/// the way to Settings after a denial.
///
/// `PermitUIKit`'s `SettingsOfferAlerts` shows it in a `UIAlertController`; `PermitSwiftUI`'s
/// `.settingsOfferAlert(_:)` in a SwiftUI alert; `PermitTesting`'s `SimulatedSettingsOffers` records it and
/// answers as a test scripts.
///
/// ## Implementation requirements
///
/// Show the offer's ``SettingsOffer/texts(appName:wording:)`` with two buttons, Open Settings and Not now, and
/// return the one the person chose; an offer that was shown and went away any other way is Not now. Return
/// `nil` when the offer could not be shown at all (no screen to show it on): the policy then counts it as not
/// made, and may offer again. Always return: a presenter that never does holds the person's request, and the
/// page's promise, for good. Do not open Settings: the policy does that with the app's ``SettingsOpener`` when
/// the choice is ``SettingsOfferChoice/openSettings``.
public protocol SettingsOfferPresenter: Sendable {
    /// Shows `offer` and returns the person's choice, or `nil` when it could not be shown.
    func present(_ offer: SettingsOffer) async -> SettingsOfferChoice?
}
