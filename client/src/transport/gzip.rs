//! Gzip the bundled transport decodes itself: a `Content-Encoding` reqwest leaves coded (`GZIP`,
//! `x-gzip`), bounded as any body.

use super::TransportError;

/// `body` decoded when its `Content-Encoding` is gzip written another way than reqwest decodes
/// (`GZIP`, `x-gzip`: codings are case-insensitive, and `x-gzip` is gzip, RFC 9110 8.4.1), which
/// reqwest hands over coded; bounded by `max` as any body (`cut`: an answer that is not a 2xx, cut
/// there, as far as it decodes). A body that does not decode is a connection that broke (as
/// reqwest's own decoder reports it).
pub(super) fn gunzip_if_left(
    headers: &[(String, String)],
    body: Vec<u8>,
    max: usize,
    cut: bool,
) -> Result<Vec<u8>, TransportError> {
    let gzip = headers.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("content-encoding")
            && (v.trim().eq_ignore_ascii_case("gzip") || v.trim().eq_ignore_ascii_case("x-gzip"))
    });
    if !gzip || body.is_empty() {
        return Ok(body);
    }
    let mut out = Vec::new();
    match gunzip(&body, max, &mut out) {
        // An answer that is not a 2xx: what decodes (a page cut at the bound ends early), or the
        // body as sent when nothing does (a page labelled gzip that is not): never an empty body,
        // which a 401 or 403 would be read by.
        _ if cut => {
            let mut kept = if out.is_empty() { body } else { out };
            kept.truncate(max);
            Ok(kept)
        }
        Ok(()) if out.len() > max => Err(TransportError::TooLarge),
        Ok(()) => Ok(out),
        Err(why) => Err(TransportError::Lost(format!("the gzip-coded body cannot be decoded: {why}"))),
    }
}

/// The first member of a gzip body (RFC 1952) decoded into `out`, up to `max + 1` bytes (what
/// decoded before a failure stays in `out`). Through flate2's
/// raw inflate, the one reqwest's own gzip decoder runs (a `GzDecoder` linked a second copy of
/// the inflater into the mobile library: 9.5 KB); the trailer's CRC is not checked.
fn gunzip(body: &[u8], max: usize, out: &mut Vec<u8>) -> Result<(), &'static str> {
    use flate2::{Decompress, FlushDecompress, Status};
    const BAD: &str = "not a gzip header";
    // ID1 ID2 CM FLG MTIME XFL OS, then the optional fields FLG names: FEXTRA (a length and its
    // bytes), FNAME and FCOMMENT (zero-terminated), FHCRC (2 bytes).
    let [0x1f, 0x8b, 8, flags, _, _, _, _, _, _, rest @ ..] = body else { return Err(BAD) };
    if flags & 0xe0 != 0 {
        return Err(BAD); // reserved bits (RFC 1952: refuse)
    }
    let mut rest = rest;
    if flags & 4 != 0 {
        let [a, b, tail @ ..] = rest else { return Err(BAD) };
        rest = tail.get(usize::from(u16::from_le_bytes([*a, *b]))..).ok_or(BAD)?;
    }
    for field in [8, 16] {
        if flags & field != 0 {
            let end = rest.iter().position(|&b| b == 0).ok_or(BAD)?;
            rest = rest.get(end + 1..).ok_or(BAD)?;
        }
    }
    if flags & 2 != 0 {
        rest = rest.get(2..).ok_or(BAD)?;
    }
    let limit = max.saturating_add(1);
    let mut inflate = Decompress::new(false);
    out.reserve_exact(rest.len().saturating_mul(4).max(256).min(limit));
    loop {
        let before = (inflate.total_in(), inflate.total_out());
        let input = usize::try_from(before.0).ok().and_then(|at| rest.get(at..)).unwrap_or_default();
        match inflate.decompress_vec(input, out, FlushDecompress::None) {
            Ok(Status::StreamEnd) => return Ok(()),
            Ok(_) if out.len() >= limit => return Ok(()),
            // Exact: `decompress_vec` fills all the room there is, and doubling would let it
            // inflate up to twice the bound.
            Ok(_) if out.len() == out.capacity() => out.reserve_exact((limit - out.len()).min(out.len().max(256))),
            Ok(_) if (inflate.total_in(), inflate.total_out()) == before => return Err("the gzip body ends early"),
            Ok(_) => {}
            Err(_) => return Err("the deflate data is corrupt"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gunzip_reads_the_header_s_optional_fields_and_refuses_what_is_not_gzip() {
        use std::io::Write;
        let data: Vec<u8> = (0..100_000u32).flat_map(|i| i.to_le_bytes()).collect();
        let mut e = flate2::GzBuilder::new()
            .filename("a.json")
            .comment("c")
            .extra(vec![1, 2, 3])
            .write(Vec::new(), flate2::Compression::default());
        e.write_all(&data).unwrap();
        let mut coded = e.finish().unwrap();
        coded[3] |= 2; // FHCRC: two bytes after the comment, inserted below
        let at = coded.iter().position(|&b| b == b'c').unwrap() + 2;
        coded.splice(at..at, [0, 0]);
        let decoded = |body: &[u8], max: usize| {
            let mut out = Vec::new();
            gunzip(body, max, &mut out).map(|()| out)
        };
        assert_eq!(decoded(&coded, 1 << 20).unwrap(), data);
        assert_eq!(decoded(&coded, 1000).unwrap().len(), 1001, "stops one past the bound");
        assert!(decoded(&coded, 0).unwrap().len() <= 256, "a bound below the first room: no panic");
        let mut big = Vec::new();
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(&vec![b' '; 40 << 20]).unwrap();
        assert!(gunzip(&e.finish().unwrap(), 16 << 20, &mut big).is_ok());
        assert!(big.len() > 16 << 20 && big.capacity() <= (16 << 20) + 512, "room: {}", big.capacity());
        assert!(decoded(&coded[..coded.len() / 2], 1 << 20).is_err(), "cut short");
        assert!(decoded(b"not gzip", 1 << 20).is_err());
        let mut reserved = coded.clone();
        reserved[3] |= 0x20;
        assert!(decoded(&reserved, 1 << 20).is_err(), "a reserved flag bit");
    }
}
