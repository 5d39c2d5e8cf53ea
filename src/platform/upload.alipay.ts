export { taroUpload as upload } from './upload-taro';
