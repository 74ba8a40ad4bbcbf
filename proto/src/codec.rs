//! The protobuf codec of the generated services: prost's encoding and decoding (by hand for the
//! large messages, with the same bytes and results), but a message that does not
//! decode is the client's fault and answered INVALID_ARGUMENT (tonic's default codec says
//! INTERNAL, which would blame the server).

use prost::bytes::{Buf, BufMut, Bytes};
use prost::Message;
use std::marker::PhantomData;
use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::Status;

/// The codec: prost messages, decode errors as INVALID_ARGUMENT.
#[derive(Debug, Clone)]
pub struct TarockCodec<T, U>(PhantomData<(T, U)>);

impl<T, U> Default for TarockCodec<T, U> {
    fn default() -> Self {
        TarockCodec(PhantomData)
    }
}

impl<T, U> Codec for TarockCodec<T, U>
where
    T: Message + Send + 'static,
    U: Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = TarockEncoder<T>;
    type Decoder = TarockDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        TarockEncoder(PhantomData)
    }

    fn decoder(&mut self) -> Self::Decoder {
        TarockDecoder(PhantomData)
    }
}

/// Encodes prost messages; the responses that carry records and views through
/// [`crate::wire`], which writes the same bytes faster.
#[derive(Debug, Clone)]
pub struct TarockEncoder<T>(PhantomData<T>);

impl<T: Message + 'static> Encoder for TarockEncoder<T> {
    type Item = T;
    type Error = Status;

    fn encode(&mut self, item: T, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        if crate::wire::encode(&item, buf) {
            return Ok(());
        }
        item.encode(buf)
            .map_err(|e| Status::internal(format!("cannot encode the response: {e}")))
    }
}

/// Decodes prost messages (the requests that carry records through [`crate::decode`], which
/// gives the same message faster); malformed bytes are INVALID_ARGUMENT.
#[derive(Debug, Clone)]
pub struct TarockDecoder<U>(PhantomData<U>);

impl<U: Message + Default + 'static> Decoder for TarockDecoder<U> {
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        crate::decode::decode::<U>(buf).map(Some).map_err(invalid)
    }
}

/// The status of a request that does not decode: the client's fault.
#[must_use]
pub fn invalid(e: prost::DecodeError) -> Status {
    Status::invalid_argument(format!("the request is not a valid protobuf message: {e}"))
}

/// The codec of the routes that take a request's bytes as they came and answer with bytes
/// already encoded (any `E` that lends its message's bytes): the handler decodes (see
/// [`crate::decode::lean`]), and a request that does not decode is answered as [`TarockCodec`]
/// answers it ([`invalid`]).
#[derive(Debug, Clone, Copy)]
pub struct WireCodec<E = Vec<u8>>(PhantomData<fn() -> E>);

impl<E> Default for WireCodec<E> {
    fn default() -> Self {
        WireCodec(PhantomData)
    }
}

impl<E: AsRef<[u8]> + Send + 'static> Codec for WireCodec<E> {
    type Encode = E;
    type Decode = Bytes;
    type Encoder = WireCodec<E>;
    type Decoder = WireCodec<E>;

    fn encoder(&mut self) -> Self::Encoder {
        WireCodec::default()
    }

    fn decoder(&mut self) -> Self::Decoder {
        WireCodec::default()
    }
}

impl<E: AsRef<[u8]>> Encoder for WireCodec<E> {
    type Item = E;
    type Error = Status;

    fn encode(&mut self, item: E, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        buf.put_slice(item.as_ref());
        Ok(())
    }
}

impl<E> Decoder for WireCodec<E> {
    type Item = Bytes;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<Bytes>, Status> {
        let n = buf.remaining();
        Ok(Some(buf.copy_to_bytes(n)))
    }
}
