// The Android library module of Zeitkonto (an AAR). Built by .github/workflows/release-maven.yml
// only: no Android SDK or Google Maven repository reaches the development machine, so this module
// has never been built there. Before `gradle assembleRelease`, run `scripts/build-mobile` (it writes
// the generated Kotlin to ../kotlin/build/generated/kotlin) and put one libzeitkonto_uniffi.so per
// ABI into src/main/jniLibs/<abi>/ (cargo ndk, profile mobile-release).
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}
dependencyResolutionManagement {
    repositories {
        google()
        mavenCentral()
    }
}
rootProject.name = "zeitkonto-android"
