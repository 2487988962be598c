/// Whether the HealthKit types an app asks for can be asked for at all, checked before `HKHealthStore` is
/// touched: HealthKit raises an Objective-C exception, which Swift cannot catch, for a type it does not let apps
/// write and for a request with no type.
///
/// - Writing a type HealthKit reserves to itself or to Apple Watch raises `NSInvalidArgumentException`
///   ("Authorization to share the following types is disallowed: HKQuantityTypeIdentifierAppleExerciseTime, ...")
///   from `requestAuthorization(toShare:read:)` (`-[HKHealthStore _throwIfAuthorizationDisallowedForSharing:types:]`;
///   Apple, "HKHealthStore.requestAuthorization(toShare:read:completion:)": the share set holds the types the app
///   may create and save). Correlation types (blood pressure, food) cannot be asked for either: the app asks for
///   their component types. Clinical records can only be read.
/// - A request with neither share nor read types raises "Must request authorization for at least one data type".
///
/// The HealthKit adapter (`PermitHealth`) passes its types' identifiers (`HKObjectType.identifier`); a problem
/// makes ``PermissionKind/healthKit`` read `unavailable`, logged with the offending identifiers, and never asked.
///
/// For example:
///
/// ```swift
/// HealthTypeCheck.problem(shareIdentifiers: ["HKQuantityTypeIdentifierAppleExerciseTime"], readCount: 0)
/// // "HealthKit does not let apps write: HKQuantityTypeIdentifierAppleExerciseTime"
/// ```
package enum HealthTypeCheck {
    /// Sample types that only HealthKit or Apple Watch writes.
    package static let readOnlyIdentifiers: Set<String> = [
        "HKQuantityTypeIdentifierAppleExerciseTime",
        "HKQuantityTypeIdentifierAppleMoveTime",
        "HKQuantityTypeIdentifierAppleStandTime",
        "HKQuantityTypeIdentifierAppleWalkingSteadiness",
        "HKQuantityTypeIdentifierAppleSleepingWristTemperature",
        "HKQuantityTypeIdentifierAtrialFibrillationBurden",
        "HKQuantityTypeIdentifierNikeFuel",
        "HKQuantityTypeIdentifierWalkingHeartRateAverage",
        "HKCategoryTypeIdentifierAppleStandHour",
        "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent",
        "HKCategoryTypeIdentifierHighHeartRateEvent",
        "HKCategoryTypeIdentifierIrregularHeartRhythmEvent",
        "HKCategoryTypeIdentifierLowCardioFitnessEvent",
        "HKCategoryTypeIdentifierLowHeartRateEvent",
        "HKDataTypeIdentifierElectrocardiogram",
    ]

    /// The identifiers of `shareIdentifiers` that an app may not write, sorted.
    package static func disallowedShareIdentifiers(_ shareIdentifiers: some Sequence<String>) -> [String] {
        shareIdentifiers.filter { identifier in
            readOnlyIdentifiers.contains(identifier) || identifier.hasPrefix("HKCorrelationTypeIdentifier")
                || identifier.hasPrefix("HKClinicalTypeIdentifier")
        }.sorted()
    }

    /// What makes the request raise, or `nil` when it can be made.
    package static func problem(shareIdentifiers: [String], readCount: Int) -> String? {
        if shareIdentifiers.isEmpty, readCount == 0 { return "no HealthKit type to ask for" }
        let disallowed = disallowedShareIdentifiers(shareIdentifiers)
        guard !disallowed.isEmpty else { return nil }
        return "HealthKit does not let apps write: " + disallowed.joined(separator: ", ")
    }
}
