import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import de.zeitkonto.ApiKey;
import de.zeitkonto.EmployeeRecord;
import de.zeitkonto.ErrorFieldsKt;
import de.zeitkonto.ZeitkontoConfig;
import de.zeitkonto.ZeitkontoException;
import de.zeitkonto.ZeitkontoFutures;
import de.zeitkonto.ZeitkontoJava;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * A Java caller (no coroutines, no Kotlin compiler, no kotlin-stdlib of its own: the one the jar's
 * pom brings): the installed jar's CompletableFuture API, compiled by javac.
 */
class JavaCallerTest {
    @Test
    void javaUsesTheFutures() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        // Kotlin's Duration is an inline class Java cannot pass: ZeitkontoJava takes java.time.
        ZeitkontoConfig config = ZeitkontoJava.config(new ApiKey("java-key-123456"), "http://127.0.0.1:" + port,
                Duration.ofSeconds(30), null, ZeitkontoJava.retry(0));
        try (ZeitkontoFutures futures = new ZeitkontoFutures(config)) {
            // Refused before sending: a month outside 1-12.
            CompletionException bad = assertThrows(CompletionException.class,
                    () -> futures.timeAccount("anna@example.com", 2026, 13).join());
            assertTrue(bad.getCause() instanceof ZeitkontoException.InvalidInput, String.valueOf(bad.getCause()));
            // An overload without the optional parameters; nothing listens on the port.
            CompletionException down = assertThrows(CompletionException.class, () -> futures.presence().join());
            assertTrue(down.getCause() instanceof ZeitkontoException.Transport, String.valueOf(down.getCause()));
            assertTrue(!String.valueOf(down.getCause()).contains("java-key-123456"));
            // The shorthands too (`come` with its optional project and comment as overloads), and
            // every error's mayHaveReachedServer through its generated accessor.
            CompletionException notSent = assertThrows(CompletionException.class, () -> futures.come("anna@example.com").join());
            assertTrue(notSent.getCause() instanceof ZeitkontoException.Transport, String.valueOf(notSent.getCause()));
            assertEquals(false, ErrorFieldsKt.getMayHaveReachedServer((ZeitkontoException) notSent.getCause()));
            assertEquals(false, ErrorFieldsKt.getMayHaveReachedServer((ZeitkontoException) bad.getCause()));
        }
    }

    @Test
    void aCallThatWaitsForItsAnswerRunsOnTheStdlibThePomBrings() throws Exception {
        // The answer comes late, so the library's coroutines really suspend (their compiled state
        // machines run): classes needing a newer kotlin-stdlib than the pom's fail right here.
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "[{\"email\":\"anna@example.com\",\"givenName\":\"Anna\"}]".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try (ZeitkontoFutures futures = new ZeitkontoFutures(ZeitkontoJava.config(new ApiKey("java-key-123456"),
                "http://127.0.0.1:" + server.getAddress().getPort()))) {
            List<EmployeeRecord> people = futures.employees().join();
            assertEquals(1, people.size());
            assertEquals("Anna", people.get(0).getGivenName());
        } finally {
            server.stop(0);
        }
    }
}
