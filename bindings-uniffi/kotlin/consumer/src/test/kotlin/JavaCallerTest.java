import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.zeitkonto.ApiKey;
import de.zeitkonto.ZeitkontoConfig;
import de.zeitkonto.ZeitkontoException;
import de.zeitkonto.ZeitkontoFutures;
import java.net.ServerSocket;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** A Java caller (no coroutines): the installed jar's CompletableFuture API, compiled by javac. */
class JavaCallerTest {
    @Test
    void javaUsesTheFutures() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        // Every field, in order (Java has no default arguments): key, base URL, workspace key,
        // routes, timeout, retry, rate limit, extra CA certificates (PEM), proxy, User-Agent.
        ZeitkontoConfig config = new ZeitkontoConfig(
                new ApiKey("java-key-123456"), "http://127.0.0.1:" + port, null, Map.of(), 30.0, null, null,
                null, null, "zeitkonto-kotlin/0.1.0");
        try (ZeitkontoFutures futures = new ZeitkontoFutures(config)) {
            // Refused before sending: a month outside 1-12.
            CompletionException bad = assertThrows(CompletionException.class,
                    () -> futures.timeAccount("anna@example.com", 2026, 13).join());
            assertTrue(bad.getCause() instanceof ZeitkontoException.InvalidInput, String.valueOf(bad.getCause()));
            // An overload without the optional parameters; nothing listens on the port.
            CompletionException down = assertThrows(CompletionException.class, () -> futures.presence().join());
            assertTrue(down.getCause() instanceof ZeitkontoException.Transport, String.valueOf(down.getCause()));
            assertTrue(!String.valueOf(down.getCause()).contains("java-key-123456"));
        }
    }
}
