import org.jetbrains.kotlin.gradle.dsl.JvmTarget
import org.jetbrains.kotlin.gradle.dsl.KotlinVersion

plugins {
    id("com.android.library") version "8.7.3"
    id("org.jetbrains.kotlin.android") version "2.2.21"
    `maven-publish`
    signing
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
        singleVariant("release") {
            withSourcesJar()
            withJavadocJar()
        }
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

// The repository address for the POM (Maven Central wants it); the release workflow passes it.
val repoUrl = (findProperty("zeitkonto.repo.url") as String?) ?: "https://github.com/zeitkonto/zeitkonto"

publishing {
    publications {
        register<MavenPublication>("release") {
            groupId = "de.zeitkonto"
            artifactId = "zeitkonto-android"
            version = "0.1.0"
            afterEvaluate { from(components["release"]) }
            pom {
                name.set("Zeitkonto for Android")
                description.set("Client SDK for the saas.de working-time, presence and leave API (Android AAR)")
                url.set(repoUrl)
                licenses {
                    license { name.set("MIT"); url.set("https://opensource.org/licenses/MIT") }
                    license { name.set("Apache-2.0"); url.set("https://www.apache.org/licenses/LICENSE-2.0") }
                }
                developers { developer { name.set("The Zeitkonto authors") } }
                scm {
                    url.set(repoUrl)
                    connection.set("scm:git:$repoUrl.git")
                }
            }
        }
    }
    repositories {
        // Maven Central through the Central Portal's staging API (release-maven.yml, job
        // publish-aar, then hands the upload to the Portal). Credentials: a Portal user token.
        maven {
            name = "central"
            url = uri("https://ossrh-staging-api.central.sonatype.com/service/local/staging/deploy/maven2/")
            credentials {
                username = System.getenv("CENTRAL_USERNAME")
                password = System.getenv("CENTRAL_PASSWORD")
            }
        }
    }
}

// Signed only when the key is given (the release workflow); local builds publish unsigned.
signing {
    val key = System.getenv("SIGNING_KEY")
    if (key != null) {
        useInMemoryPgpKeys(key, System.getenv("SIGNING_PASSWORD"))
        sign(publishing.publications["release"])
    }
}
