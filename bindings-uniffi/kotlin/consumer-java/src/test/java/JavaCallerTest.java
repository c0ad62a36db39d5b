import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import de.zeitkonto.ApiKey;
import de.zeitkonto.BlockingTransport;
import de.zeitkonto.BuiltRequest;
import de.zeitkonto.HttpHeader;
import de.zeitkonto.HttpResponse;
import de.zeitkonto.TransportException;
import de.zeitkonto.EmployeeRecord;
import de.zeitkonto.ErrorFieldsKt;
import de.zeitkonto.JobEvent;
import de.zeitkonto.MonthCloseJob;
import de.zeitkonto.ZeitkontoConfig;
import de.zeitkonto.ZeitkontoException;
import de.zeitkonto.ZeitkontoFutures;
import de.zeitkonto.ZeitkontoJava;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
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
    void javaCatchesWhatTheConstructorsThrowAndReadsTheDurationsHandedOut() throws Exception {
        // The constructors declare ZeitkontoException (javac refuses a catch of a checked exception
        // nothing in the try declares): a refused base URL.
        ZeitkontoException refused = null;
        try (ZeitkontoFutures futures = new ZeitkontoFutures(ZeitkontoJava.config(new ApiKey("java-key-123456"), "ftp://x"))) {
            futures.employees().join();
        } catch (ZeitkontoException e) {
            refused = e;
        }
        assertTrue(refused instanceof ZeitkontoException.InvalidInput, String.valueOf(refused));
        try {
            new de.zeitkonto.ZeitkontoClient(ZeitkontoJava.config(new ApiKey("java-key-123456"), "ftp://x")).close();
        } catch (ZeitkontoException e) {
            refused = e;
        }
        // A 429 and its Retry-After, read as a java.time.Duration.
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            exchange.getResponseHeaders().add("Retry-After", "7");
            exchange.sendResponseHeaders(429, -1);
            exchange.close();
        });
        server.start();
        ZeitkontoConfig config = ZeitkontoJava.config(new ApiKey("java-key-123456"), "http://127.0.0.1:" + server.getAddress().getPort(),
                Duration.ofSeconds(5), null, ZeitkontoJava.retry(0, null, null, null, 0));
        try (ZeitkontoFutures futures = new ZeitkontoFutures(config)) {
            CompletionException slow = assertThrows(CompletionException.class, () -> futures.employees().join());
            assertTrue(slow.getCause() instanceof ZeitkontoException.RateLimited, String.valueOf(slow.getCause()));
            assertEquals(Duration.ofSeconds(7), ZeitkontoJava.retryAfter((ZeitkontoException.RateLimited) slow.getCause()));
            assertEquals(Duration.ofSeconds(5), ZeitkontoJava.timeout(config));
        } finally {
            server.stop(0);
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

    @Test
    void javaRunsAWholeCompanyJobThroughTheFutures() throws Exception {
        // The sandbox server (its demo company: 39 active employees), as scripts/build-mobile passes it.
        String binary = System.getProperty("zeitkonto.sandbox");
        assertTrue(binary != null && !binary.isEmpty(), "set -Dzeitkonto.sandbox to the zeitkonto-sandbox binary");
        Process sandbox = new ProcessBuilder(binary, "--port", "0",
                "--today", "2026-11-21").redirectErrorStream(true).start();
        try {
            String line = new BufferedReader(new InputStreamReader(sandbox.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertTrue(line != null && line.contains("listening on"), String.valueOf(line));
            String url = line.substring(line.lastIndexOf(' ') + 1);
            try (ZeitkontoFutures futures = new ZeitkontoFutures(ZeitkontoJava.config(new ApiKey("demo-company-key"), url))) {
                // The start makes no call (its arguments are checked at once); next() makes them.
                // (A catch javac accepts only because the start declares ZeitkontoException.)
                try {
                    futures.monthClose(2026, 13);
                    throw new AssertionError("month 13 was accepted");
                } catch (ZeitkontoException.InvalidInput e) {
                    assertEquals("month", e.getField());
                }
                MonthCloseJob job = futures.monthClose(2026, 10);
                assertEquals("employees", futures.plan(job).join().getPath());
                List<String> first = accounts(futures, job, 5);
                assertEquals(5, first.size());
                // Stopped after five accounts, resumed from the checkpoint: the 5th call again (at
                // least once), the rest once, none lost.
                MonthCloseJob resumed = futures.monthClose(2026, 10, List.of(), futures.checkpoint(job).join());
                List<String> rest = accounts(futures, resumed, Integer.MAX_VALUE);
                assertEquals(35, rest.size());
                assertEquals(first.get(4), rest.get(0));
                java.util.Set<String> everyone = new java.util.HashSet<>(first);
                everyone.addAll(rest);
                assertEquals(39, everyone.size());
                assertTrue(futures.failures(resumed).join().isEmpty());
            }
        } finally {
            sandbox.destroy();
            sandbox.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** A transport written in Java: HttpURLConnection, as an app without OkHttp would. */
    static final class UrlConnectionTransport extends BlockingTransport {
        final AtomicInteger sent = new AtomicInteger();
        final AtomicBoolean interrupted = new AtomicBoolean();

        @Override
        public HttpResponse sendBlocking(BuiltRequest request, Duration timeout) throws Exception {
            sent.incrementAndGet();
            HttpURLConnection c = (HttpURLConnection) URI.create(request.url()).toURL().openConnection();
            c.setInstanceFollowRedirects(false);
            c.setRequestMethod(request.method());
            for (HttpHeader h : request.headers()) c.setRequestProperty(h.getName(), h.getValue());
            if (request.body() != null) c.setDoOutput(true);
            try {
                c.connect();
            } catch (java.net.ConnectException e) {
                throw new TransportException.Connect("connection refused");
            }
            if (request.body() != null) {
                c.getOutputStream().write(request.body().getBytes(StandardCharsets.UTF_8));
            }
            int status = c.getResponseCode();
            if (status == 299) { // the test server's "stall": block until interrupted
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    interrupted.set(true);
                    throw e;
                }
            }
            java.io.InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
            byte[] body = in == null ? new byte[0] : in.readAllBytes();
            String type = c.getContentType();
            return new HttpResponse(status, type == null ? List.of() : List.of(new HttpHeader("Content-Type", type)), body);
        }
    }

    @Test
    void javaImplementsATransport() throws Exception {
        AtomicInteger hits = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            int n = hits.incrementAndGet();
            byte[] body = "[{\"email\":\"anna@example.com\",\"givenName\":\"Anna\"}]".getBytes(StandardCharsets.UTF_8);
            // The first answer is a 503 (a read is retried), then the list; `overview` stalls.
            boolean stall = exchange.getRequestURI().getPath().contains("overview");
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(stall ? 299 : n == 1 ? 503 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        UrlConnectionTransport transport = new UrlConnectionTransport();
        ZeitkontoConfig config = ZeitkontoJava.config(new ApiKey("java-key-123456"),
                "http://127.0.0.1:" + server.getAddress().getPort(), Duration.ofMillis(500), null,
                ZeitkontoJava.retry(2, Duration.ofMillis(1), Duration.ofMillis(5)));
        try (ZeitkontoFutures futures = new ZeitkontoFutures(ZeitkontoJava.client(config, transport))) {
            List<EmployeeRecord> people = futures.employees().join();
            assertEquals("Anna", people.get(0).getGivenName());
            assertEquals(2, transport.sent.get(), "the 503 retried through the Java transport");
            // The call's timeout interrupts the blocked sendBlocking: a Timeout, the thread freed.
            CompletionException late = assertThrows(CompletionException.class, () -> futures.overview().join());
            assertTrue(late.getCause() instanceof ZeitkontoException.Timeout, String.valueOf(late.getCause()));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!transport.interrupted.get() && System.nanoTime() < deadline) Thread.sleep(10);
            assertTrue(transport.interrupted.get(), "sendBlocking was not interrupted");
        } finally {
            server.stop(0);
        }
        // Nothing listens: the transport's TransportException.Connect is a Transport error that
        // cannot have reached the server.
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        UrlConnectionTransport refused = new UrlConnectionTransport();
        try (ZeitkontoFutures futures = new ZeitkontoFutures(ZeitkontoJava.client(
                ZeitkontoJava.config(new ApiKey("java-key-123456"), "http://127.0.0.1:" + port, null, null,
                        ZeitkontoJava.retry(0)), refused))) {
            CompletionException down = assertThrows(CompletionException.class, () -> futures.come("anna@example.com").join());
            assertTrue(down.getCause() instanceof ZeitkontoException.Transport, String.valueOf(down.getCause()));
            assertEquals(false, ErrorFieldsKt.getMayHaveReachedServer((ZeitkontoException) down.getCause()));
            assertTrue(!String.valueOf(down.getCause()).contains("java-key-123456"));
        }
    }

    /** The employees of the job's account events, until it ends or `most` of them came. */
    private static List<String> accounts(ZeitkontoFutures futures, MonthCloseJob job, int most) {
        List<String> employees = new java.util.ArrayList<>();
        for (JobEvent event = futures.next(job).join(); event != null; event = futures.next(job).join()) {
            if (event instanceof JobEvent.Account) {
                employees.add(((JobEvent.Account) event).getEmployee());
                if (employees.size() == most) break;
            }
        }
        return employees;
    }
}
