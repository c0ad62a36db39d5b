import org.jetbrains.kotlin.gradle.dsl.JvmTarget
import org.jetbrains.kotlin.gradle.dsl.KotlinVersion

plugins {
    id("com.android.library") version "8.7.3"
    id("org.jetbrains.kotlin.android") version "2.2.21"
    `maven-publish`
}

android {
    namespace = "de.zeitkonto"
    compileSdk = 35
    defaultConfig {
        // java.time (LocalDate, LocalDateTime, Instant in the results) needs API 26, or core
        // library desugaring in the app below that.
        minSdk = 26
        // Shipped inside the AAR (proguard.txt): R8 in the app keeps JNA and the bindings.
        consumerProguardFiles("consumer-rules.pro")
    }
    sourceSets["main"].apply {
        // The same Kotlin as the JVM jar: our sources and the code uniffi generated.
        kotlin.srcDirs("../kotlin/src/main/kotlin", "../kotlin/build/generated/kotlin")
        jniLibs.srcDirs("src/main/jniLibs")
    }
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    publishing {
        singleVariant("release") { withSourcesJar() }
    }
}

kotlin {
    compilerOptions {
        jvmTarget.set(JvmTarget.JVM_17)
        // The consumer floor of the JVM jar: Kotlin 1.9.
        languageVersion.set(KotlinVersion.KOTLIN_1_9)
        apiVersion.set(KotlinVersion.KOTLIN_1_9)
    }
}

dependencies {
    // JNA's Android build (its own libjnidispatch.so per ABI): the published metadata depends on
    // the `aar`, not the desktop jar, so no desktop native library rides along in an APK.
    implementation("net.java.dev.jna:jna:5.17.0@aar")
    implementation("org.jetbrains.kotlinx:kotlinx-coroutines-core:1.8.1")
}

publishing {
    publications {
        register<MavenPublication>("release") {
            groupId = "de.zeitkonto"
            artifactId = "zeitkonto-android"
            version = "0.1.0"
            afterEvaluate { from(components["release"]) }
        }
    }
}
